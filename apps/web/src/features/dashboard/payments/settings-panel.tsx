import type { ReactNode } from 'react';
import type { PaymentSettings } from '@bazaar/shared/payments';
import { ErrorState } from '../../../components/error-state.tsx';
import { Loader } from '../../../components/loader.tsx';
import { usePaymentSettings } from './api/get-payment-settings.ts';

/** One of the payment settings beside the Payments page's lists: its heading, what it does, and its form. */
export function SettingsPanel({
  id,
  title,
  intro,
  what,
  form,
}: {
  id: string;
  title: string;
  intro: string;
  /** What the form edits, as the loading and error messages name it ("the numbers"). */
  what: string;
  form: (settings: PaymentSettings) => ReactNode;
}) {
  const settings = usePaymentSettings();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      <p className="text-sm text-gray-700">{intro}</p>
      {settings.data ? (
        form(settings.data)
      ) : settings.error ? (
        <ErrorState message={`${what} could not be loaded.`} onRetry={() => void settings.refetch()} />
      ) : (
        <Loader label={`Loading ${what.toLowerCase()}…`} />
      )}
    </section>
  );
}
