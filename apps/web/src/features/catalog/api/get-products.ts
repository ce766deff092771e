import { useQuery } from '@tanstack/react-query';
import type { Product, ProductListQuery } from '@bazaar/shared/products';
import { getJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type GetProductsParams = Partial<ProductListQuery>;

export function getProducts(params: GetProductsParams, signal?: AbortSignal): Promise<Product[]> {
  return getJson<Product[]>('/api/products', params, { signal });
}

export function useProducts(params: GetProductsParams) {
  return useQuery({
    queryKey: queryKeys.products.list(params),
    queryFn: ({ signal }) => getProducts(params, signal),
    // A random pick that reshuffles when the window regains focus would move cards under the shopper's eyes.
    refetchOnWindowFocus: params.sort !== 'random',
  });
}
