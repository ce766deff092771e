import { useSearchParams } from 'react-router';
import { FilteredProductList, PageHeading } from '../catalog/public.ts';

/** `/search?q=…`: the products matching the words, with facets, sort and paging; every choice in the URL. */
export function Component() {
  const q = useSearchParams()[0].get('q')?.trim() ?? '';
  return (
    <>
      <PageHeading
        title={q ? `Results for “${q}”` : 'All products'}
        name={q ? `“${q}” — Search` : 'Search'}
      />
      <FilteredProductList />
    </>
  );
}
