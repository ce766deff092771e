import type { Category, CategoryListQuery } from '@bazaar/shared/categories';
import type { ShopImageUrls } from '../../images/image-urls.ts';
import type { CategoriesRepository, CategoryRow } from './categories.repository.ts';

export function createCategoriesService(repository: CategoriesRepository, images: ShopImageUrls) {
  const toCategory = (row: CategoryRow): Category => ({
    _id: row.id,
    categoryName: row.name,
    img: images.sent(row.imageUrl),
  });

  return {
    async list(query: CategoryListQuery): Promise<Category[]> {
      return (await repository.list(query)).map(toCategory);
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
