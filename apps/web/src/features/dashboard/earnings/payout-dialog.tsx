import toast from 'react-hot-toast';
import {
  PAYOUT_METHOD_NAMES,
  PAYOUT_METHODS,
  PAYOUT_REFERENCE_MAX,
  PayoutCreateSchema,
  type PayoutMethod,
  type SellerBalance,
} from '@bazaar/shared/earnings';
import { formatWireDollars } from '@bazaar/shared/pricing';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { numberOrBlank } from '../../../lib/form-numbers.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useRecordPayout } from './api/record-payout.ts';

const METHOD_CHOICES = PAYOUT_METHODS.map((method) => [method, PAYOUT_METHOD_NAMES[method]] as const);

/**
 * Records money sent to a seller: the amount (at most what is available: the server's refusal shows under it), how
 * and the transfer's reference. Mounted to ask, unmounted once done or dismissed.
 */
export function PayoutDialog({ seller, onClose }: { seller: SellerBalance; onClose: () => void }) {
  const record = useRecordPayout(seller.handle);
  const { field, formProps, values, setValue, submitting } = useSchemaForm({
    schema: PayoutCreateSchema,
    toInput: ({ amount, ...rest }) => ({ ...rest, amount: numberOrBlank(amount) ?? Number.NaN }),
    initialValues: {
      amount: seller.available > 0 ? seller.available.toFixed(2) : '',
      method: seller.payoutMethod ?? 'bkash',
      reference: '',
    },
    submit: async (payout) => {
      await record.mutateAsync(payout);
      toast.success(`Payout to ${seller.name} recorded`);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open
      title={`Record a payout to ${seller.name}`}
      confirmLabel="Record payout"
      confirmVariant="primary"
      dismissLabel="Not now"
      pendingLabel="Recording…"
      pending={submitting}
      onConfirm={() => formProps.ref.current?.requestSubmit()}
      onCancel={onClose}
    >
      <p>
        Once the money was sent. Available now:{' '}
        <strong className="tabular-nums">{formatWireDollars(seller.available)}</strong>
        {seller.payoutAccount ? (
          <>
            {' '}
            to <span className="break-all">{seller.payoutAccount}</span>
          </>
        ) : null}
        . The seller is mailed.
      </p>
      <form {...formProps} noValidate className="mt-4 flex flex-col gap-3">
        <TextField
          label="Amount"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          {...field('amount')}
        />
        <SelectField
          label="Method"
          name="method"
          options={METHOD_CHOICES}
          value={values.method}
          onChange={({ target }) => setValue('method', target.value as PayoutMethod)}
        />
        <TextField
          label="Reference"
          maxLength={PAYOUT_REFERENCE_MAX}
          hint="The transfer's transaction ID; the seller sees it"
          {...field('reference')}
        />
        {/* Enter in a field records it, as the button does. */}
        <button type="submit" hidden />
      </form>
    </ConfirmDialog>
  );
}
