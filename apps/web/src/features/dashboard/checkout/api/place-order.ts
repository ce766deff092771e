import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, type OrderCreated, type OrderCreateInput } from '@bazaar/shared/orders';
import { sendJson } from '../../../../lib/api-client.ts';
import { invalidate, queryKeys } from '../../../../lib/query-keys.ts';

export interface PlaceOrderInput {
  order: OrderCreateInput;
  /** The same key for a retry of the same submission: the server then answers the order it already made. */
  idempotencyKey: string;
}

/** A fresh idempotency key (getRandomValues works on plain http too, unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Places an order; the server prices it and answers it with its `insertedId`. The new order changes the
 * viewer's orders, and the sales, figures and customers of its sellers: the viewer's own only when an admin, who
 * sees the whole shop's (nobody buys their own products).
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, idempotencyKey }: PlaceOrderInput) =>
      sendJson<Partial<OrderCreated> | undefined>('POST', '/api/orders', order, {
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
    onSuccess: () =>
      invalidate(queryClient, [
        queryKeys.orders.all,
        queryKeys.overview,
        queryKeys.sales.all,
        queryKeys.users.customers,
      ]),
  });
}
