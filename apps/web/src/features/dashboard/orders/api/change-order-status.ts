import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderStatus } from '@bazaar/shared/orders';
import { sendJson } from '../../../../lib/api-client.ts';
import { invalidate, queryKeys } from '../../../../lib/query-keys.ts';

/**
 * Moves one order to another status; the server decides who may make which move (409 otherwise). Either way
 * what shows the order's status is read again, and the figures (a cancelled order counts nowhere): a refusal
 * usually means the order moved on meanwhile.
 */
export function useChangeOrderStatus(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: OrderStatus) =>
      sendJson<Order>('PATCH', `/api/orders/${encodeURIComponent(orderId)}/status`, { status }),
    onSettled: () => invalidate(queryClient, [queryKeys.orders.all, queryKeys.sales.all, queryKeys.overview]),
  });
}
