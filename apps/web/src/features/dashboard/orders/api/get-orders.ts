import { useInfiniteQuery } from '@tanstack/react-query';
import type { Order } from '@bazaar/shared/orders';
import { OFFSET_MAX } from '@bazaar/shared/pagination';
import { getPage } from '../../../../lib/api-client.ts';

const ORDERS_PAGE_SIZE = 20;

/** The orders the viewer may see (an admin: every order), newest first, one page at a time. */
export function useInfiniteOrders() {
  return useInfiniteQuery({
    queryKey: ['orders', 'pages'],
    queryFn: ({ pageParam, signal }) =>
      getPage<Order>('/api/orders', { limit: ORDERS_PAGE_SIZE, offset: pageParam }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) => {
      const nextOffset = lastOffset + lastPage.items.length;
      const more = lastPage.items.length > 0 && nextOffset < lastPage.total;
      // The server pages no deeper than OFFSET_MAX.
      return more && nextOffset <= OFFSET_MAX ? nextOffset : undefined;
    },
  });
}
