import type { Category, CategoryListQuery } from '@bazaar/shared/categories';
import type { CategoriesRepository, CategoryRow } from './categories.repository.ts';

const toCategory = (row: CategoryRow): Category => ({
  _id: row.id,
  categoryName: row.name,
  img: row.imageUrl,
});

export function createCategoriesService(repository: CategoriesRepository) {
  return {
    async list(query: CategoryListQuery): Promise<Category[]> {
      return (await repository.list(query)).map(toCategory);
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
