import type { Order } from '@bazaar/shared/orders';
import { usePagedList } from '../../../../lib/paging.ts';

const SALES_PAGE_SIZE = 20;

/**
 * One customer's orders of the viewer's products, newest first, each with only the viewer's lines (an
 * admin sees every order whole).
 */
export function useCustomerSales(customerEmail: string) {
  return usePagedList<Order>({
    queryKey: ['sales', customerEmail],
    path: '/api/sales',
    params: { customer: customerEmail },
    pageSize: SALES_PAGE_SIZE,
  });
}
