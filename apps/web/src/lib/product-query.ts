import { queryOptions } from '@tanstack/react-query';
import type { Product } from '@bazaar/shared/products';
import { getJson } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** One product, cached under one key for every page that shows it (product page, cart, checkout). */
export const productQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.products.detail(id),
    queryFn: ({ signal }) => getJson<Product>(`/api/products/${encodeURIComponent(id)}`, {}, { signal }),
  });
