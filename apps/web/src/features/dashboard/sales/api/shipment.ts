import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Sale, TrackingInput } from '@bazaar/shared/orders';
import { sendJson } from '../../../../lib/api-client.ts';
import { invalidateAfterMove } from '../../orders/api/change-order-status.ts';

const shipmentPath = (orderId: string) => `/api/sales/${encodeURIComponent(orderId)}/shipment`;

/** Takes back the viewer's shipment of an order while the buyer has not been told; 409 once they have. */
export function useTakeBackShipment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<Sale>('DELETE', shipmentPath(orderId)),
    onSettled: () => invalidateAfterMove(queryClient, 'processing'),
  });
}

/** Corrects the carrier, tracking number or tracking link of the viewer's shipped lines of an order. */
export function useCorrectTracking(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tracking: TrackingInput) => sendJson<Sale>('PATCH', shipmentPath(orderId), tracking),
    onSettled: () => invalidateAfterMove(queryClient, 'shipped'),
  });
}
