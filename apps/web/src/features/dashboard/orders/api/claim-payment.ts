import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentClaimCreate } from '@bazaar/shared/payments';
import { sendJson } from '../../../../lib/api-client.ts';
import { invalidate, queryKeys } from '../../../../lib/query-keys.ts';

/**
 * The buyer says they sent the order's bKash or Rocket payment; the server keeps the claim for an admin to verify.
 * Answered or refused (the amount due changed, a claim already waits…), the order is read again: its payment is
 * what the buyer must see next.
 */
export function useClaimPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claim: PaymentClaimCreate) =>
      sendJson<{ _id: string }>('POST', `/api/orders/${encodeURIComponent(orderId)}/payments`, claim),
    onSettled: () => invalidate(queryClient, [queryKeys.orders.all]),
  });
}
