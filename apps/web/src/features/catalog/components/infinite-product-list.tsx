import type { Product } from '@bazaar/shared/products';
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { ListState } from '../../../components/list-state.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
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
  renderGrid = publicGrid,
}: {
  filter: ProductsPageFilter;
  emptyTitle?: string;
  /** Lays out the products loaded so far; the public grid unless a page needs its own cards. */
  renderGrid?: (products: readonly Product[]) => ReactNode;
}) {
  const { data, error, refetch, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } =
    useInfiniteProducts(filter);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const sentinel = useNearViewport(loadMore, hasNextPage && !isFetchingNextPage && !isFetchNextPageError);

  const products = useMemo(() => {
    // Products added while the shopper scrolls shift later pages by one: show each product once.
    const byId = new Map<string, Product>();
    for (const page of data?.pages ?? []) for (const product of page.items) byId.set(product._id, product);
    return [...byId.values()];
  }, [data]);

  const total = data?.pages.at(-1)?.total ?? products.length;
  return (
    <ListState
      items={data ? products : undefined}
      error={error}
      onRetry={() => void refetch()}
      noun="products"
      emptyTitle={emptyTitle}
    >
      {(items) => (
        <div className="flex flex-col gap-6">
          {renderGrid(items)}
          <LoadMore
            ref={sentinel}
            shown={products.length}
            total={total}
            noun="products"
            hasMore={hasNextPage}
            isLoading={isFetchingNextPage}
            isError={isFetchNextPageError}
            onLoadMore={loadMore}
          />
        </div>
      )}
    </ListState>
  );
}
