import type { Product, ProductListQuery } from '@bazaar/shared/products';
import { usePagedList } from '../../../lib/paging.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const PRODUCTS_PAGE_SIZE = 24;

export type ProductsPageFilter = Partial<Omit<ProductListQuery, 'limit' | 'offset'>>;

/** A product list that fetches the next page of the server's list when asked to. */
export function useInfiniteProducts(filter: ProductsPageFilter) {
  return usePagedList<Product>({
    queryKey: queryKeys.products.pages(filter),
    path: '/api/products',
    params: filter,
    pageSize: PRODUCTS_PAGE_SIZE,
  });
}
