import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentClaim, PaymentReject } from '@bazaar/shared/payments';
import { sendJson } from '../../../../lib/api-client.ts';
import { invalidate, queryKeys } from '../../../../lib/query-keys.ts';

export type ClaimDecision = { to: 'accept' } | ({ to: 'reject' } & PaymentReject);

/**
 * What a payment's decision or a refund makes stale, done or refused (a refusal usually means another admin decided
 * first): the Payments page's lists, the orders and sales showing the payment, the revenue that counts paid parts.
 */
export const PAYMENT_STALE = [
  queryKeys.payments.all,
  queryKeys.orders.all,
  queryKeys.sales.all,
  queryKeys.overview,
  queryKeys.earnings.all,
];

/** An admin accepts a claim (the money arrived: the order is paid) or rejects it with the reason the buyer is told. */
export function useDecideClaim(claimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ to, ...body }: ClaimDecision) =>
      sendJson<PaymentClaim>('POST', `/api/payments/${encodeURIComponent(claimId)}/${to}`, body),
    onSettled: () => invalidate(queryClient, PAYMENT_STALE),
  });
}
