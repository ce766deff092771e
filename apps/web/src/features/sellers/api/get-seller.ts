import { useQuery } from '@tanstack/react-query';
import type { Seller } from '@bazaar/shared/users';
import { getJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A seller's public page: name, member since, number of products. */
export function useSeller(handle: string) {
  return useQuery({
    queryKey: queryKeys.sellers.detail(handle),
    queryFn: ({ signal }) => getJson<Seller>(`/api/sellers/${encodeURIComponent(handle)}`, {}, { signal }),
  });
}
