import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardCheckout, CardReturn, Payment } from '@bazaar/shared/payments';
import { sendJson } from '../../../../lib/api-client.ts';
import { invalidate, queryKeys } from '../../../../lib/query-keys.ts';

const cardUrl = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/payments/card`;

/** Opens a Stripe Checkout Session for what the order owes, and sends the buyer to Stripe's page to pay it. */
export function usePayByCard(orderId: string) {
  return useMutation({
    mutationFn: () => sendJson<CardCheckout>('POST', cardUrl(orderId)),
    // A top-level navigation to Stripe: no Stripe script runs on the shop's pages.
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** The buyer is back from Stripe: the shop checks the session, then the order is read again. */
export function useCardReturn(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CardReturn) => sendJson<Payment>('POST', `${cardUrl(orderId)}/return`, body),
    onSettled: () => invalidate(queryClient, [queryKeys.orders.all]),
  });
}
