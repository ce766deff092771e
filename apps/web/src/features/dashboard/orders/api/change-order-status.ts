import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Order, OrderStatus } from '@bazaar/shared/orders';
import { sendJson } from '../../../../lib/api-client.ts';
import { invalidate, queryKeys } from '../../../../lib/query-keys.ts';

/**
 * What a move of order lines makes stale, refused or not (a refusal usually means the order moved on meanwhile):
 * what shows the order's status, the figures (a cancelled order counts nowhere), and after a cancellation the
 * products, whose stock it put back, and the admins' refunds (a paid part cancelled is owed back); after a delivery
 * the sellers' earnings, which it credits or charges.
 */
export function invalidateAfterMove(queryClient: QueryClient, status: OrderStatus) {
  return invalidate(queryClient, [
    queryKeys.orders.all,
    queryKeys.sales.all,
    queryKeys.overview,
    ...(status === 'cancelled' ? [queryKeys.products.all, queryKeys.payments.all] : []),
    ...(status === 'delivered' ? [queryKeys.earnings.all] : []),
  ]);
}

/**
 * Moves the lines of one order that may make the move (the buyer cancels what is still processing; an admin
 * moves any line); the server decides, and answers 409 when no line can.
 */
export function useChangeOrderStatus(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: OrderStatus) =>
      sendJson<Order>('PATCH', `/api/orders/${encodeURIComponent(orderId)}/status`, { status }),
    onSettled: (_order, _error, status) => invalidateAfterMove(queryClient, status),
  });
}
