import { useInfiniteQuery } from '@tanstack/react-query';
import type { Product, ProductListQuery } from '@bazaar/shared/products';
import { getPage } from '../../../lib/api-client.ts';
import { nextPageOffset } from '../../../lib/paging.ts';

const PRODUCTS_PAGE_SIZE = 24;

export type ProductsPageFilter = Partial<Pick<ProductListQuery, 'q' | 'category' | 'flash_sale' | 'sort'>>;

/** A product list that fetches the next page of the server's list when asked to. */
export function useInfiniteProducts(filter: ProductsPageFilter) {
  return useInfiniteQuery({
    queryKey: ['products', 'pages', filter],
    queryFn: ({ pageParam, signal }) =>
      getPage<Product>(
        '/api/products',
        { ...filter, limit: PRODUCTS_PAGE_SIZE, offset: pageParam },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) => nextPageOffset(lastPage, lastOffset),
  });
}
