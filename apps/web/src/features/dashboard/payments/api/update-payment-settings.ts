import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentSettings, PaymentSettingsUpdate } from '@bazaar/shared/payments';
import { sendJson } from '../../../../lib/api-client.ts';
import { invalidate, queryKeys } from '../../../../lib/query-keys.ts';

/** An admin sets the receiving numbers; the shop's config (which methods checkout offers, and where to send) follows. */
export function useUpdatePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: PaymentSettingsUpdate) =>
      sendJson<PaymentSettings>('PATCH', '/api/settings/payments', update),
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.paymentSettings, settings);
      return invalidate(queryClient, [queryKeys.config]);
    },
  });
}
