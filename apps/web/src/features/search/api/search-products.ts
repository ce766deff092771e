import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Product } from '@bazaar/shared/products';
import { getPage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Results shown at once; the count tells how many more match. */
export const SEARCH_PAGE_SIZE = 12;

/**
 * The first products of a search for `text`, as the results page asks them: matched in name, brand or categories and
 * ranked by relevance, so that both show the same first products. Nothing is fetched for empty text.
 */
export function useProductSearch(text: string) {
  return useQuery({
    queryKey: queryKeys.products.search(text),
    // The signal cancels the request of a text the user has already typed past.
    queryFn: ({ signal }) =>
      getPage<Product>('/api/products', { q: text, limit: SEARCH_PAGE_SIZE, sort: 'relevance' }, { signal }),
    enabled: text !== '',
    // The previous results stay on screen while the next ones load.
    placeholderData: keepPreviousData,
  });
}
