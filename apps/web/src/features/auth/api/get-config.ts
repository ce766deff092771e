import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@bazaar/shared/auth';
import { getJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const publicConfigQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: ({ signal }) => getJson<PublicConfig>('/api/config', {}, { signal }),
  // The sign-in options are set at the server's start: they do not change while the page is open.
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}

/**
 * The payment methods checkout offers and the numbers wallet payments go to. An admin may change the numbers at any
 * time: a page that shows them reads them again as it opens.
 */
export function usePaymentOptions() {
  return useQuery({ ...publicConfigQuery, staleTime: 0, select: (config) => config.payments });
}
