import type { Order } from '@bazaar/shared/orders';
import { usePagedList } from '../../../../lib/paging.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';

const ORDERS_PAGE_SIZE = 20;

/** The orders the viewer may see (an admin: every order), newest first, one page at a time. */
export function useInfiniteOrders() {
  return usePagedList<Order>({
    queryKey: queryKeys.orders.pages,
    path: '/api/orders',
    pageSize: ORDERS_PAGE_SIZE,
  });
}
