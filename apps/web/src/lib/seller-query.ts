import { queryOptions } from '@tanstack/react-query';
import type { Seller } from '@bazaar/shared/users';
import { getJson } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** A seller's public page, cached under one key for every page that reads it (seller page, cart, checkout). */
export const sellerQuery = (handle: string) =>
  queryOptions({
    queryKey: queryKeys.sellers.detail(handle),
    queryFn: ({ signal }) => getJson<Seller>(`/api/sellers/${encodeURIComponent(handle)}`, {}, { signal }),
  });
