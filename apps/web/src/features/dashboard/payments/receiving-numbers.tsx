import toast from 'react-hot-toast';
import { PaymentSettingsUpdateSchema, type PaymentSettings } from '@bazaar/shared/payments';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useUpdatePaymentSettings } from './api/update-payment-settings.ts';
import { SettingsPanel } from './settings-panel.tsx';

/** The form's text for each number: empty for none. */
const valuesOf = (settings: PaymentSettings) => ({
  bkashNumber: settings.bkashNumber ?? '',
  rocketNumber: settings.rocketNumber ?? '',
});

/** Each wallet's field, and the setting it falls back to when left empty. */
const WALLETS = [
  { name: 'bkashNumber', label: 'bKash number', variable: 'BKASH_NUMBER' },
  { name: 'rocketNumber', label: 'Rocket number', variable: 'ROCKET_NUMBER' },
] as const;

function NumbersForm({ settings }: { settings: PaymentSettings }) {
  const update = useUpdatePaymentSettings();
  const { field, formProps, submitting, updateValues } = useSchemaForm({
    schema: PaymentSettingsUpdateSchema,
    initialValues: valuesOf(settings),
    // An empty field sends null: the configured number, if any, takes over.
    toInput: (values) => ({
      bkashNumber: values.bkashNumber.trim() || null,
      rocketNumber: values.rocketNumber.trim() || null,
    }),
    submit: async (input) => {
      const saved = await update.mutateAsync(input);
      // The numbers now in force: an emptied one may come back as the configured number.
      updateValues(() => valuesOf(saved));
      toast.success('Receiving numbers saved');
    },
  });
  return (
    <form {...formProps} className="flex flex-col gap-4">
      {WALLETS.map(({ name, label, variable }) => (
        <TextField
          key={name}
          label={label}
          type="tel"
          autoComplete="off"
          placeholder="Not offered"
          hint={`Empty: the number the shop was started with (${variable}), if any.`}
          {...field(name)}
        />
      ))}
      <Button type="submit" className="self-start" disabled={submitting}>
        {submitting ? 'Saving…' : 'Save numbers'}
      </Button>
    </form>
  );
}

/** The shop's bKash and Rocket numbers, where buyers send their payments; an admin sets them. */
export function ReceivingNumbers() {
  return (
    <SettingsPanel
      id="receiving-numbers-title"
      title="Receiving numbers"
      intro="Buyers send bKash and Rocket payments to these numbers. A method without a number is not offered at checkout."
      what="The numbers"
      form={(settings) => <NumbersForm settings={settings} />}
    />
  );
}
