import { InfiniteProductList } from './components/infinite-product-list.tsx';
import { PageHeading } from './components/page-heading.tsx';

export function Component() {
  return (
    <>
      <PageHeading title="New Product" />
      <InfiniteProductList filter={{ sort: 'newest' }} />
    </>
  );
}
