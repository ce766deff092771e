import { useInfiniteQuery } from '@tanstack/react-query';
import type { UserProfile } from '@bazaar/shared/users';
import { getPage } from '../../../../lib/api-client.ts';
import { nextPageOffset } from '../../../../lib/paging.ts';

const CUSTOMERS_PAGE_SIZE = 50;

/** The customers page by page: every user for an admin, the buyers of the viewer's products otherwise. */
export function useCustomers() {
  return useInfiniteQuery({
    // Under 'users', so that a profile change (which invalidates ['users', email]) can refresh it too.
    queryKey: ['users', 'list'],
    queryFn: ({ pageParam, signal }) =>
      getPage<UserProfile>('/api/users', { limit: CUSTOMERS_PAGE_SIZE, offset: pageParam }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) => nextPageOffset(lastPage, lastOffset),
  });
}
