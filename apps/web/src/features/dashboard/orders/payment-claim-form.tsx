import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { PAYMENT_METHOD_NAMES } from '@bazaar/shared/orders-constants';
import { PaymentClaimCreateSchema, type WalletMethod } from '@bazaar/shared/payments';
import { formatWireDollars } from '@bazaar/shared/pricing';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useClaimPayment } from './api/claim-payment.ts';

const FIELDS = new Set(['sender', 'transactionId']);

/**
 * A refusal no field can put right (the amount due changed, a claim already waits, the order is paid…): the
 * server's message, shown beside the button. A refusal naming a field goes under that field instead.
 */
function claimRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || error.status >= 500 || !error.body) return undefined;
  const names = (error.body.details ?? []).map(({ path }) => path.split('.')[0] ?? '');
  return names.some((name) => FIELDS.has(name)) ? undefined : error.message;
}

/**
 * The buyer's word that they sent `amount` by bKash or Rocket: the number they sent from and the transaction ID.
 * The amount is what the order's page says is due, sent as it is: the server refuses any other.
 */
export function PaymentClaimForm({
  orderId,
  method,
  amount,
  describedBy,
  onClaimed,
}: {
  orderId: string;
  method: WalletMethod;
  amount: number;
  /** What the form answers (the instructions, a rejection's reason). */
  describedBy: string | undefined;
  onClaimed: () => void;
}) {
  const claim = useClaimPayment(orderId);
  const refusalId = useId();
  const [refusal, setRefusal] = useState<string>();
  const wallet = PAYMENT_METHOD_NAMES[method];
  const { field, formProps, submitting } = useSchemaForm({
    schema: PaymentClaimCreateSchema,
    toInput: (values) => ({ method, amount, ...values }),
    initialValues: { sender: '', transactionId: '' },
    submit: async (input) => {
      setRefusal(undefined);
      const claimed = await claim.mutateAsync(input).catch((error: unknown) => {
        const refused = claimRefusal(error);
        if (refused === undefined) throw error;
        setRefusal(refused);
        return undefined;
      });
      if (!claimed) return;
      toast.success('Payment sent for verification');
      onClaimed();
    },
  });

  return (
    <form
      {...formProps}
      aria-label={`Your ${wallet} payment`}
      aria-describedby={describedBy}
      className="flex flex-col gap-3 print:hidden"
    >
      <p className="text-sm text-gray-700">
        Amount <span className="font-semibold text-gray-900 tabular-nums">{formatWireDollars(amount)}</span>
      </p>
      <TextField
        label={`Your ${wallet} number`}
        hint="The number you sent the money from"
        type="tel"
        autoComplete="tel"
        required
        {...field('sender')}
      />
      <TextField
        label="Transaction ID"
        hint={`As your ${wallet} app shows it, for example 8N7A6D5B`}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        {...field('transactionId')}
      />
      <Button
        type="submit"
        size="sm"
        disabled={submitting}
        aria-describedby={refusal ? refusalId : undefined}
        className="self-start"
      >
        {submitting ? 'Sending…' : 'Submit payment'}
      </Button>
      {refusal && (
        <p
          id={refusalId}
          role="alert"
          className="rounded-lg bg-rose-50 px-3 py-2 text-sm font-medium text-rose-800"
        >
          {refusal}
        </p>
      )}
    </form>
  );
}
