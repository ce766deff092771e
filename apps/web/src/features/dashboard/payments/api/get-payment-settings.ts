import { useQuery } from '@tanstack/react-query';
import type { PaymentSettings } from '@bazaar/shared/payments';
import { getJson } from '../../../../lib/api-client.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';

/** The shop's receiving numbers in force: set by an admin, or else configured; null for a method not offered. */
export function usePaymentSettings() {
  return useQuery({
    queryKey: queryKeys.paymentSettings,
    queryFn: ({ signal }) => getJson<PaymentSettings>('/api/settings/payments', {}, { signal }),
  });
}
