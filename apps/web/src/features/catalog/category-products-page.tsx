import { useParams } from 'react-router';
import { FilteredProductList } from './components/filtered-product-list.tsx';
import { PageHeading } from './components/page-heading.tsx';

export function Component() {
  const nameId = useParams().nameId ?? '';
  return (
    <>
      <PageHeading title={`${nameId} Category Products`} name={nameId} />
      <FilteredProductList scope={{ category: nameId }} />
    </>
  );
}
