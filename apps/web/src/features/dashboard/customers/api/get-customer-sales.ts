import { useInfiniteQuery } from '@tanstack/react-query';
import type { Order } from '@bazaar/shared/orders';
import { getPage } from '../../../../lib/api-client.ts';
import { nextPageOffset } from '../../../../lib/paging.ts';

const SALES_PAGE_SIZE = 20;

/**
 * One customer's orders of the viewer's products, newest first, each with only the viewer's lines (an
 * admin sees every order whole).
 */
export function useCustomerSales(customerEmail: string) {
  return useInfiniteQuery({
    queryKey: ['sales', customerEmail],
    queryFn: ({ pageParam, signal }) =>
      getPage<Order>(
        '/api/sales',
        { customer: customerEmail, limit: SALES_PAGE_SIZE, offset: pageParam },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) => nextPageOffset(lastPage, lastOffset),
  });
}
