import type { Product } from '@bazaar/shared/products';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { PagedList } from '../../../components/paged-list.tsx';
import { ProductGrid } from '../../../components/product-grid.tsx';
import { useInfiniteProducts, type ProductsPageFilter } from '../api/get-products-page.ts';

/** Calls `onVisible` when the returned element nears the viewport, while `active`. */
function useNearViewport(onVisible: () => void, active: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!active || !node) return;
    // A new observer reports at once, so a page too short to scroll keeps loading until it fills the screen.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisible();
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [onVisible, active]);
  return ref;
}

const publicGrid = (products: readonly Product[]) => <ProductGrid products={products} headingLevel={2} />;

/** A product list that loads the server's next page as the shopper scrolls, or on "Load more". */
export function InfiniteProductList({
  filter,
  emptyTitle = 'No products found',
  emptyHint,
  renderGrid = publicGrid,
}: {
  filter: ProductsPageFilter;
  emptyTitle?: string;
  /** What the empty list suggests under its title. */
  emptyHint?: ReactNode;
  /** Lays out the products loaded so far; the public grid unless a page needs its own cards. */
  renderGrid?: (products: readonly Product[]) => ReactNode;
}) {
  const products = useInfiniteProducts(filter);
  const { fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } = products.query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const sentinel = useNearViewport(loadMore, hasNextPage && !isFetchingNextPage && !isFetchNextPageError);

  return (
    <PagedList
      list={products}
      noun="products"
      emptyTitle={emptyTitle}
      emptyHint={emptyHint}
      loadMoreRef={sentinel}
    >
      {renderGrid}
    </PagedList>
  );
}
