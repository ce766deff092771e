import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductFacets } from '@bazaar/shared/product-facets';
import type { ProductFilterQuery } from '@bazaar/shared/products';
import { getJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type FacetsFilter = Partial<ProductFilterQuery>;

/** The counts beside a product list: per category, brand, rating band, price band and in stock. */
export function useProductFacets(filter: FacetsFilter) {
  return useQuery({
    queryKey: queryKeys.products.facets(filter),
    queryFn: ({ signal }) => getJson<ProductFacets>('/api/products/facets', filter, { signal }),
    // The previous counts stay beside the list while the next ones load, so the sidebar does not jump.
    placeholderData: keepPreviousData,
  });
}
