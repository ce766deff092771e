import { PRODUCT_LIST_PAGE_SIZE } from '@bazaar/shared/page-data';
import type { Product, ProductListQuery } from '@bazaar/shared/products';
import { usePagedList } from '../../../lib/paging.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// The server's first page in a page's HTML has this size too (see app/page-data.ts).
const PRODUCTS_PAGE_SIZE = PRODUCT_LIST_PAGE_SIZE;

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
