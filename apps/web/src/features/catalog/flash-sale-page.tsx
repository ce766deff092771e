import { Countdown, soonestFlashSaleEnd } from './components/countdown.tsx';
import { InfiniteProductList } from './components/infinite-product-list.tsx';
import { PageHeading } from './components/page-heading.tsx';
import { useInfiniteProducts } from './api/get-products-page.ts';
import type { ProductsPageFilter } from './api/get-products-page.ts';

const FLASH_SALE: ProductsPageFilter = { flash_sale: true, sort: 'newest' };

export function Component() {
  // The list's own query (the same key): the countdown reads the soonest end of what the page shows.
  const { items, query } = useInfiniteProducts(FLASH_SALE);
  return (
    <>
      <PageHeading title="Flash Sale">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <p className="rounded-full bg-rose-100 px-3 py-1 text-sm font-semibold text-rose-700">
            Only Sale Now
          </p>
          <Countdown
            label="Ending In"
            endsAt={soonestFlashSaleEnd(items)}
            onEnd={() => void query.refetch()}
          />
        </div>
      </PageHeading>
      <InfiniteProductList filter={FLASH_SALE} />
    </>
  );
}
