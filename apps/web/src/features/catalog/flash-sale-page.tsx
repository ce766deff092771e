import { Countdown } from './components/countdown.tsx';
import { InfiniteProductList } from './components/infinite-product-list.tsx';
import { PageHeading } from './components/page-heading.tsx';

export function Component() {
  return (
    <>
      <PageHeading title="Flash Sale">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <p className="rounded-full bg-rose-100 px-3 py-1 text-sm font-semibold text-rose-700">
            Only Sale Now
          </p>
          <Countdown label="Ending In" />
        </div>
      </PageHeading>
      <InfiniteProductList filter={{ flash_sale: true, sort: 'newest' }} />
    </>
  );
}
