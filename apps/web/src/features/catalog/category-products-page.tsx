import { useParams } from 'react-router';
import { InfiniteProductList } from './components/infinite-product-list.tsx';
import { PageHeading } from './components/page-heading.tsx';

export function Component() {
  const nameId = useParams().nameId ?? '';
  return (
    <>
      <PageHeading title={`${nameId} Category Products`} name={nameId} />
      <InfiniteProductList filter={{ category: nameId, sort: 'newest' }} />
    </>
  );
}
