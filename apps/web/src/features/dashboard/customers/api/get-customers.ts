import type { Customer } from '@bazaar/shared/users';
import { usePagedList } from '../../../../lib/paging.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';

const CUSTOMERS_PAGE_SIZE = 50;

/**
 * The customers page by page: every user for an admin, the buyers of the viewer's products otherwise. Read as
 * customers (by handle), the part of a profile every viewer gets: a seller gets no e-mails.
 */
export function useCustomers() {
  return usePagedList<Customer>({
    queryKey: queryKeys.users.customers,
    path: '/api/users',
    pageSize: CUSTOMERS_PAGE_SIZE,
  });
}
