import { useQuery } from '@tanstack/react-query';
import type { Category, CategoryListQuery } from '@bazaar/shared/categories';
import { getJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type GetCategoriesParams = Partial<CategoryListQuery>;

/** Every category by name: the server's largest page, and a shop has far fewer. One key for the pages that list them. */
export const ALL_CATEGORIES: GetCategoriesParams = { sort: 'name', limit: 100 };

export function getCategories(params: GetCategoriesParams, signal?: AbortSignal): Promise<Category[]> {
  return getJson<Category[]>('/api/categories', params, { signal });
}

export function useCategories(params: GetCategoriesParams) {
  return useQuery({
    queryKey: queryKeys.categories.list(params),
    queryFn: ({ signal }) => getCategories(params, signal),
    refetchOnWindowFocus: params.sort !== 'random',
  });
}
