import type { Product } from '@bazaar/shared/products';
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { ListState } from '../../../components/list-state.tsx';
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
          <div ref={sentinel} className="flex flex-col items-center gap-3">
            <p aria-live="polite" className="text-sm text-gray-600">
              Showing {products.length} of {total} products
            </p>
            {isFetchNextPageError && (
              <p role="alert" className="text-sm text-rose-700">
                The next products could not be loaded.
              </p>
            )}
            {hasNextPage && (
              // Stays in place while loading so that keyboard focus is not lost.
              <button
                type="button"
                onClick={isFetchingNextPage ? undefined : loadMore}
                aria-disabled={isFetchingNextPage}
                className="flex items-center gap-2 rounded-full bg-teal-700 px-6 py-2 font-medium text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 aria-disabled:cursor-wait aria-disabled:opacity-80"
              >
                {isFetchingNextPage && (
                  <span
                    aria-hidden="true"
                    className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent"
                  />
                )}
                {isFetchingNextPage ? 'Loading more…' : isFetchNextPageError ? 'Try again' : 'Load more'}
              </button>
            )}
          </div>
        </div>
      )}
    </ListState>
  );
}
