import { ListState } from '../../components/list-state.tsx';
import { ALL_CATEGORIES, useCategories } from './api/get-categories.ts';
import { CategoryGrid } from './components/category-grid.tsx';
import { PageHeading } from './components/page-heading.tsx';

export function Component() {
  const { data, error, refetch } = useCategories(ALL_CATEGORIES);
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
