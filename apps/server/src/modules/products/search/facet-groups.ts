import type { ProductFilter } from '../products.repository.ts';

/**
 * Each facet group's filter (every selection but the group's own) and whether its own selection is made: the SQL
 * facets and the index's count the same groups.
 */
export const FACET_GROUPS = {
  categories: {
    without: (filter: ProductFilter): ProductFilter => ({ ...filter, categoryTags: undefined }),
    selected: (filter: ProductFilter) => filter.categoryTags !== undefined,
  },
  brands: {
    without: (filter: ProductFilter): ProductFilter => ({ ...filter, brand: undefined }),
    selected: (filter: ProductFilter) => filter.brand !== undefined,
  },
  ratings: {
    without: (filter: ProductFilter): ProductFilter => ({ ...filter, rating_min: undefined }),
    selected: (filter: ProductFilter) => filter.rating_min !== undefined,
  },
  prices: {
    without: (filter: ProductFilter): ProductFilter => ({
      ...filter,
      price_min: undefined,
      price_max: undefined,
    }),
    selected: (filter: ProductFilter) => filter.price_min !== undefined || filter.price_max !== undefined,
  },
  in_stock: {
    without: (filter: ProductFilter): ProductFilter => ({ ...filter, in_stock: undefined }),
    selected: (filter: ProductFilter) => filter.in_stock !== undefined,
  },
};
export type FacetGroup = keyof typeof FACET_GROUPS;
export const FACET_GROUP_NAMES = Object.keys(FACET_GROUPS) as FacetGroup[];

/** The filter with no group's selection: what every facet pool shares. */
export const unselected = (filter: ProductFilter): ProductFilter =>
  FACET_GROUP_NAMES.reduce((narrowed, group) => FACET_GROUPS[group].without(narrowed), filter);
