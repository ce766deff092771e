import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@bazaar/shared/auth';
import { getJson } from '../../../lib/api-client.ts';

export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => getJson<PublicConfig>('/api/config', {}, { signal }),
    // Set at the server's start: it does not change while the page is open.
    staleTime: Infinity,
  });
}
