import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatusUpdateInput, Sale } from '@bazaar/shared/orders';
import { sendJson } from '../../../../lib/api-client.ts';
import { invalidateAfterMove } from '../../orders/api/change-order-status.ts';

/**
 * Moves the viewer's lines of one order (an admin's: every line) that may make the move; the server decides,
 * and answers 409 when none can. A cancellation carries its reason, a shipment its tracking.
 */
export function useMoveSale(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: OrderStatusUpdateInput) =>
      sendJson<Sale>('PATCH', `/api/sales/${encodeURIComponent(orderId)}/status`, update),
    onSettled: (_sale, _error, update) => invalidateAfterMove(queryClient, update.status),
  });
}
