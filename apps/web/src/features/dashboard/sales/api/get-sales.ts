import type { OrderStatus } from '@bazaar/shared/orders-constants';
import type { Sale } from '@bazaar/shared/orders';
import { usePagedList } from '../../../../lib/paging.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';

const SALES_PAGE_SIZE = 10;

/**
 * The orders holding the viewer's products, newest first, each with only the viewer's lines (an admin sees
 * every order whole); with a status, those holding a line of the viewer's in it.
 */
export function useSales(status: OrderStatus | undefined) {
  return usePagedList<Sale>({
    queryKey: queryKeys.sales.list(status),
    path: '/api/sales',
    params: { status },
    pageSize: SALES_PAGE_SIZE,
  });
}
