import { useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { OrderCreateSchema, PAYMENT_METHODS, type OrderCreateInput } from '@bazaar/shared/orders';
import { formatDollars } from '@bazaar/shared/pricing';
import { TextAreaField, TextField } from '../../../components/text-field.tsx';
import {
  failureMessage,
  fieldErrors,
  schemaIssues,
  serverIssues,
  type FieldErrors,
} from '../../../lib/field-errors.ts';
import type { BuyItem } from '../../cart/public.ts';
import { newIdempotencyKey, usePlaceOrder } from './api/place-order.ts';

type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface ContactDetails {
  name: string;
  email: string;
  phone: string;
  address: string;
  paymentMethod: PaymentMethod;
}

const FIELDS = ['name', 'email', 'phone', 'address', 'paymentMethod'] as const;
type Field = (typeof FIELDS)[number];

const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  'cash on delivery': 'Cash on delivery',
  bkash: 'bKash',
  rocket: 'Rocket',
};

interface CheckoutFormProps {
  initial: ContactDetails;
  /** The lines to order: the buy items whose products still exist. */
  lines: BuyItem[];
  totalCents: number;
  /** False while products are loading or none is left to order. */
  canPlace: boolean;
  onPlaced: () => void;
  /** The server refused some products (deleted since they were loaded): load them again. */
  onProductsRefused: () => void;
}

export function CheckoutForm({
  initial,
  lines,
  totalCents,
  canPlace,
  onPlaced,
  onProductsRefused,
}: CheckoutFormProps) {
  const [details, setDetails] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const placeOrder = usePlaceOrder();
  // Set at once on submit: a second click arrives before the disabled button is rendered.
  const sending = useRef(false);
  // One key per distinct submission: a retry of the same form maps to the order the first one made.
  const attempt = useRef<{ submission: string; key: string } | null>(null);
  const totalId = useId();
  const paymentId = useId();

  const change =
    (field: Exclude<Field, 'paymentMethod'>) =>
    ({ target }: { target: { value: string } }) =>
      setDetails((current) => ({ ...current, [field]: target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current || !canPlace) return;
    const order: OrderCreateInput = {
      ...details,
      products: lines.map(({ productId, quantity }) => ({ productId, quantity })),
    };
    const parsed = OrderCreateSchema.safeParse(order);
    if (!parsed.success) {
      setErrors(fieldErrors(FIELDS, schemaIssues(parsed.error.issues)));
      return;
    }
    setErrors({});
    const submission = JSON.stringify(order);
    if (attempt.current?.submission !== submission)
      attempt.current = { submission, key: newIdempotencyKey() };

    sending.current = true;
    placeOrder.mutate(
      { order, idempotencyKey: attempt.current.key },
      {
        onSuccess: (answer) => {
          // The spec's rule: only an answer with insertedId is a placed order.
          if (!answer?.insertedId) {
            toast.error('The shop did not confirm the order. Please try again.');
            return;
          }
          toast.success('Order placed successfully');
          onPlaced();
        },
        onError: (error) => {
          toast.error(failureMessage(error));
          const issues = serverIssues(error);
          setErrors(fieldErrors(FIELDS, issues));
          if (issues.some((issue) => issue.path.startsWith('products'))) onProductsRefused();
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      aria-label="Order details"
      className="space-y-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          value={details.name}
          onChange={change('name')}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={details.email}
          onChange={change('email')}
          error={errors.email}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          value={details.phone}
          onChange={change('phone')}
          error={errors.phone}
        />
        <fieldset aria-describedby={errors.paymentMethod ? paymentId : undefined}>
          <legend className="text-sm font-medium text-gray-800">Payment Method</legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {PAYMENT_METHODS.map((method) => (
              <label key={method} className="flex items-center gap-2 text-gray-900">
                <input
                  type="radio"
                  name="paymentMethod"
                  value={method}
                  checked={details.paymentMethod === method}
                  onChange={() => setDetails((current) => ({ ...current, paymentMethod: method }))}
                  className="size-4 accent-teal-700"
                />
                {PAYMENT_LABELS[method]}
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
      <TextAreaField
        label="Address"
        name="address"
        autoComplete="street-address"
        required
        value={details.address}
        onChange={change('address')}
        error={errors.address}
      />
      <div className="flex flex-wrap items-center justify-between gap-4 border-t border-gray-100 pt-4">
        <p className="text-lg">
          <span id={totalId} className="text-gray-700">
            Total Price
          </span>{' '}
          <output aria-labelledby={totalId} className="font-bold tabular-nums">
            {formatDollars(totalCents)}
          </output>
        </p>
        <button
          type="submit"
          disabled={!canPlace || placeOrder.isPending}
          className="rounded-xl bg-teal-700 px-6 py-2.5 font-semibold text-white shadow-sm hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {placeOrder.isPending ? 'Placing your order…' : 'Place Order'}
        </button>
      </div>
    </form>
  );
}
