import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@bazaar/shared/auth';
import { getJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function usePublicConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => getJson<PublicConfig>('/api/config', {}, { signal }),
    // Set at the server's start: it does not change while the page is open.
    staleTime: Infinity,
  });
}
