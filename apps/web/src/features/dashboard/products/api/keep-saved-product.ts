import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ProductFacets } from '@bazaar/shared/product-facets';
import type { Product } from '@bazaar/shared/products';
import type { ListPage } from '../../../../lib/api-client.ts';
import { productQuery } from '../../../../lib/product-query.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';

/** What the queries under `queryKeys.products.lists` hold: a list, a page, pages, or facet counts. */
type CachedList = Product[] | ListPage<Product> | InfiniteData<ListPage<Product>> | ProductFacets;

function withSaved(list: CachedList, saved: Product): CachedList {
  const swap = (items: Product[]) => items.map((item) => (item._id === saved._id ? saved : item));
  if (Array.isArray(list)) return swap(list);
  if ('pages' in list)
    return { ...list, pages: list.pages.map((page) => ({ ...page, items: swap(page.items) })) };
  if ('items' in list) return { ...list, items: swap(list.items) };
  return list;
}

/**
 * `saved` (the server's answer to a write) as the product itself and in every cached list that shows it, so that
 * a list shown next shows it as saved while its own refetch is on its way, not as it was.
 */
export function keepSavedProduct(queryClient: QueryClient, saved: Product): void {
  queryClient.setQueryData(productQuery(saved._id).queryKey, saved);
  queryClient.setQueriesData<CachedList>({ queryKey: queryKeys.products.lists }, (list) =>
    list === undefined ? undefined : withSaved(list, saved),
  );
}
