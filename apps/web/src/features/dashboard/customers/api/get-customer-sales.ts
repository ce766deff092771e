import type { Sale } from '@bazaar/shared/orders';
import { usePagedList } from '../../../../lib/paging.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';

const SALES_PAGE_SIZE = 20;

/**
 * One customer's orders of the viewer's products, by the customer's handle, newest first, each with only the
 * viewer's lines (an admin sees every order whole).
 */
export function useCustomerSales(customerHandle: string) {
  return usePagedList<Sale>({
    queryKey: queryKeys.sales.ofCustomer(customerHandle),
    path: '/api/sales',
    params: { customer: customerHandle },
    pageSize: SALES_PAGE_SIZE,
  });
}
