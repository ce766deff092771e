import { asc, sql } from 'drizzle-orm';
import type { CategoryListQuery } from '@bazaar/shared/categories';
import type { Database } from '../../db/client.ts';
import { categories } from '../../db/schema.ts';

export type CategoryRow = typeof categories.$inferSelect;

export function createCategoriesRepository(db: Database) {
  return {
    // Categories are few, so ORDER BY random() is cheap here.
    list(query: CategoryListQuery): Promise<CategoryRow[]> {
      return db
        .select()
        .from(categories)
        .orderBy(query.sort === 'random' ? sql`random()` : asc(categories.name))
        .limit(query.limit);
    },
  };
}

export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
