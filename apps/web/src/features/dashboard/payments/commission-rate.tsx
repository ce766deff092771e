import toast from 'react-hot-toast';
import { PaymentSettingsUpdateSchema, type PaymentSettings } from '@bazaar/shared/payments';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useUpdatePaymentSettings } from './api/update-payment-settings.ts';
import { SettingsPanel } from './settings-panel.tsx';

const valuesOf = (settings: PaymentSettings) => ({ commissionPercent: String(settings.commissionPercent) });

function CommissionForm({ settings }: { settings: PaymentSettings }) {
  const update = useUpdatePaymentSettings();
  const { field, formProps, submitting, updateValues } = useSchemaForm({
    schema: PaymentSettingsUpdateSchema,
    initialValues: valuesOf(settings),
    // Empty sends null: the rate the shop was started with takes over.
    toInput: ({ commissionPercent }) => ({
      commissionPercent: commissionPercent.trim() === '' ? null : Number(commissionPercent),
    }),
    submit: async (input) => {
      const saved = await update.mutateAsync(input);
      updateValues(() => valuesOf(saved));
      toast.success('Commission saved: orders placed from now on take it');
    },
  });
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <TextField
        label="Commission (%)"
        inputMode="decimal"
        autoComplete="off"
        hint="Empty: the rate the shop was started with (COMMISSION_PERCENT), 0 unless set."
        {...field('commissionPercent')}
      />
      <Button type="submit" className="self-start" disabled={submitting}>
        {submitting ? 'Saving…' : 'Save commission'}
      </Button>
    </form>
  );
}

/** The share of each sale's goods the shop keeps; an admin sets it, and each order keeps the rate it was placed at. */
export function CommissionRate() {
  return (
    <SettingsPanel
      id="commission-title"
      title="Commission"
      intro="The shop keeps this share of each sale’s goods (never of its shipping). A new rate applies to orders placed from then on; placed orders keep theirs."
      what="The commission"
      form={(settings) => <CommissionForm settings={settings} />}
    />
  );
}
