import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import {
  OrderCreateSchema,
  PAYMENT_METHOD_NAMES,
  type OrderCreateInput,
  type PaymentMethod,
} from '@bazaar/shared/orders';
import { centsToDollars, formatDollars } from '@bazaar/shared/pricing';
import type { ApiError } from '@bazaar/shared/errors';
import { Button } from '../../../components/button.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { TextAreaField, TextField } from '../../../components/text-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import type { BuyItem } from '../../cart/public.ts';
import { newIdempotencyKey, usePlaceOrder } from './api/place-order.ts';

export interface ContactDetails {
  name: string;
  email: string;
  phone: string;
  address: string;
  paymentMethod: PaymentMethod;
}

/** The refusals of the order as a whole, which no field can put right: shown beside Place Order. */
const ORDER_REFUSALS = new Set([
  // The products are then read again, so that Place Order sends and accepts the new total.
  'PRICE_CHANGED',
  // More units than one buyer may hold unshipped.
  'HOLD_LIMIT',
  // A line the signed-in account sells, which this page took for someone else's.
  'OWN_PRODUCT',
]);

/** The message of a refusal of the order as a whole (those above, or too many orders in an hour). */
function orderRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  const code = error.body?.error;
  if ((code && ORDER_REFUSALS.has(code)) || error.status === 429) return error.message;
  return undefined;
}

/** The products of the lines a refusal's details name (`products.1` is the order's second line). */
function refusedProducts(details: ApiError['details'], lines: BuyItem[]): string[] {
  return (details ?? []).flatMap(({ path }) => {
    const line = lines[Number(path.split('.')[1])];
    return line ? [line.productId] : [];
  });
}

interface CheckoutFormProps {
  initial: ContactDetails;
  /** The lines to order: the buy items whose products still exist. */
  lines: BuyItem[];
  /** What the buyer is asked to pay, shipping included; undefined until every seller's shipping is known. */
  totalCents: number | undefined;
  /** False while products are loading, none is left to order, or a line wants more than is left. */
  canPlace: boolean;
  /** The payment methods the shop offers now. */
  methods: readonly PaymentMethod[];
  /** The order is placed: its number, when the answer gave one. */
  onPlaced: (number: string | undefined) => Promise<void>;
  /** The server refused some products (deleted or repriced since they were loaded): load them again. */
  onProductsRefused: () => void;
  /** The server refused these products: the signed-in account sells them. */
  onOwnProductsRefused: (productIds: string[]) => void;
}

export function CheckoutForm({
  initial,
  lines,
  totalCents,
  canPlace,
  methods,
  onPlaced,
  onProductsRefused,
  onOwnProductsRefused,
}: CheckoutFormProps) {
  const placeOrder = usePlaceOrder();
  // One key per distinct submission: a retry of the same form maps to the order the first one made.
  const attempt = useRef<{ submission: string; key: string } | null>(null);
  const totalId = useId();
  const paymentId = useId();
  const refusalId = useId();
  const [refusal, setRefusal] = useState<string>();
  const { values, errors, setValue, field, formProps } = useSchemaForm({
    schema: OrderCreateSchema,
    toInput: (details): OrderCreateInput => ({
      ...details,
      products: lines.map(({ productId, quantity }) => ({ productId, quantity })),
      // The total the buyer is shown: the server refuses the order (409) if it now costs otherwise.
      totalPrice: totalCents === undefined ? undefined : centsToDollars(totalCents),
    }),
    initialValues: initial,
    canSubmit: canPlace,
    submit: async (order) => {
      const submission = JSON.stringify(order);
      if (attempt.current?.submission !== submission)
        attempt.current = { submission, key: newIdempotencyKey() };
      setRefusal(undefined);
      const answer = await placeOrder
        .mutateAsync({ order, idempotencyKey: attempt.current.key })
        .catch((error: unknown) => {
          const refused = orderRefusal(error);
          if (refused === undefined) throw error;
          setRefusal(refused);
          const body = error instanceof ApiRequestError ? error.body : undefined;
          if (body?.error === 'PRICE_CHANGED') onProductsRefused();
          if (body?.error === 'OWN_PRODUCT') onOwnProductsRefused(refusedProducts(body.details, lines));
          return 'refused' as const;
        });
      if (answer === 'refused') return;
      // The spec's rule: only an answer with insertedId is a placed order.
      if (!answer?.insertedId) {
        toast.error('The shop did not confirm the order. Please try again.');
        return;
      }
      // Said on the page the order leads to: a toast goes when its page does.
      await onPlaced(answer.number);
      toast.success('Order placed successfully');
    },
    onRefused: (issues) => {
      if (issues.some(({ path }) => path.startsWith('products'))) onProductsRefused();
    },
  });

  return (
    <form
      {...formProps}
      aria-label="Order details"
      className="space-y-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" required {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" required {...field('phone')} />
        <fieldset aria-describedby={errors.paymentMethod ? paymentId : undefined}>
          <legend className="text-sm font-medium text-gray-800">Payment Method</legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {methods.map((method) => (
              <label key={method} className="flex items-center gap-2 text-gray-900">
                <input
                  type="radio"
                  name="paymentMethod"
                  value={method}
                  checked={values.paymentMethod === method}
                  onChange={() => setValue('paymentMethod', method)}
                  className="size-4 accent-teal-700"
                />
                {PAYMENT_METHOD_NAMES[method]}
              </label>
            ))}
          </div>
          {errors.paymentMethod && (
            <p id={paymentId} className="mt-1 text-sm font-medium text-rose-700">
              {errors.paymentMethod}
            </p>
          )}
        </fieldset>
      </div>
      <TextAreaField label="Address" autoComplete="street-address" required {...field('address')} />
      <div className="flex flex-wrap items-center justify-between gap-4 border-t border-gray-100 pt-4">
        <p className="text-lg">
          <span id={totalId} className="text-gray-700">
            Total Price
          </span>{' '}
          <output aria-labelledby={totalId} className="font-bold tabular-nums">
            {totalCents === undefined ? '…' : formatDollars(totalCents)}
          </output>
        </p>
        <Button
          type="submit"
          disabled={!canPlace || placeOrder.isPending}
          aria-describedby={refusal ? refusalId : undefined}
        >
          {placeOrder.isPending ? 'Placing your order…' : 'Place Order'}
        </Button>
        {refusal && (
          <p
            id={refusalId}
            role="alert"
            className="basis-full rounded-lg bg-rose-50 px-4 py-3 text-sm font-medium text-rose-800"
          >
            {refusal}
          </p>
        )}
      </div>
    </form>
  );
}
