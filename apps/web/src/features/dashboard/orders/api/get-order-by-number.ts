import { useQuery } from '@tanstack/react-query';
import type { Order, Sale } from '@bazaar/shared/orders';
import { getJson } from '../../../../lib/api-client.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';

/** What `GET /api/orders/by-number/:number` answers: the whole order (its buyer, an admin), or a seller's part. */
export type NumberedOrder = Order | Sale;

/** A seller's part carries the buyer by handle and name; the whole order carries the buyer's e-mail instead. */
export const isSale = (order: NumberedOrder): order is Sale => 'buyer' in order;

/**
 * The order numbered `number` (`BZ-10427`, any letter case) as the viewer may see it; a 404 for a number that is
 * not theirs to see, as for one no order has.
 */
export function useOrderByNumber(number: string) {
  const key = number.toUpperCase();
  return useQuery({
    queryKey: queryKeys.orders.byNumber(key),
    queryFn: ({ signal }) =>
      getJson<NumberedOrder>(`/api/orders/by-number/${encodeURIComponent(key)}`, {}, { signal }),
  });
}
