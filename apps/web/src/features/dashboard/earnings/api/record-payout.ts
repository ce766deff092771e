import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Payout, PayoutCreate } from '@bazaar/shared/earnings';
import { sendJson } from '../../../../lib/api-client.ts';
import { invalidate, queryKeys } from '../../../../lib/query-keys.ts';

/** An admin records money sent to a seller: their balance drops, and the shop's figures with it. */
export function useRecordPayout(handle: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payout: PayoutCreate) =>
      sendJson<Payout>('POST', `/api/sellers/${encodeURIComponent(handle)}/payouts`, payout),
    onSettled: () => invalidate(queryClient, [queryKeys.earnings.all, queryKeys.overview]),
  });
}
