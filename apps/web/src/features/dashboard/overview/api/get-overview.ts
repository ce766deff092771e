import { useQuery } from '@tanstack/react-query';
import type { Overview } from '@bazaar/shared/stats';
import { getJson } from '../../../../lib/api-client.ts';

/** Placing or cancelling an order and writing a product change these figures: invalidate this key then. */
export const OVERVIEW_QUERY_KEY = ['stats', 'overview'] as const;

export function useOverview() {
  return useQuery({
    queryKey: OVERVIEW_QUERY_KEY,
    queryFn: ({ signal }) => getJson<Overview>('/api/stats/overview', {}, { signal }),
  });
}
