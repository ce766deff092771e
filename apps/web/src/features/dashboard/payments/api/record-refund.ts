import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Refund, RefundDone } from '@bazaar/shared/payments';
import { sendJson } from '../../../../lib/api-client.ts';
import { invalidate } from '../../../../lib/query-keys.ts';
import { PAYMENT_STALE } from './decide-claim.ts';

/** An admin records a refund as sent, with its reference: the buyer sees it and is mailed. */
export function useRecordRefund(refundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (done: RefundDone) =>
      sendJson<Refund>('POST', `/api/payments/refunds/${encodeURIComponent(refundId)}/done`, done),
    onSettled: () => invalidate(queryClient, PAYMENT_STALE),
  });
}
