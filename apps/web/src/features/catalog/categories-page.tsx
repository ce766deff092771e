import { ListState } from '../../components/list-state.tsx';
import { useCategories } from './api/get-categories.ts';
import { CategoryGrid } from './components/category-grid.tsx';
import { PageHeading } from './components/page-heading.tsx';

// The server's largest page of categories; a shop has far fewer.
const ALL_CATEGORIES_LIMIT = 100;

export function Component() {
  const { data, error, refetch } = useCategories({ sort: 'name', limit: ALL_CATEGORIES_LIMIT });
  return (
    <>
      <PageHeading title="All Categories" />
      <ListState
        items={data}
        error={error}
        onRetry={() => void refetch()}
        noun="categories"
        emptyTitle="No categories yet"
      >
        {(categories) => <CategoryGrid categories={categories} />}
      </ListState>
    </>
  );
}
