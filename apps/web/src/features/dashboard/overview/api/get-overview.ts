import { useQuery } from '@tanstack/react-query';
import type { Overview } from '@bazaar/shared/stats';
import { getJson } from '../../../../lib/api-client.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';

export function useOverview() {
  return useQuery({
    queryKey: queryKeys.overview,
    queryFn: ({ signal }) => getJson<Overview>('/api/stats/overview', {}, { signal }),
  });
}
