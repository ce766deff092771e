import { z } from 'zod';
import { SEARCH_COUNT_MAX } from './pagination-constants.ts';

/**
 * The price ranges of the facets, in dollars on the discounted price: each from `min` (included) to `max` (excluded;
 * null = no upper end). A shopper picks one as `price_min=min&price_max=max-0.01`.
 */
export const PRICE_BANDS = [
  { min: 0, max: 25 },
  { min: 25, max: 50 },
  { min: 50, max: 100 },
  { min: 100, max: 200 },
  { min: 200, max: 500 },
  { min: 500, max: null },
] as const;

/** How many matches of a group the facets count at most, the newest (as a search's total is capped). */
export const FACET_COUNT_MAX = SEARCH_COUNT_MAX;

/** The rating bands of the facets: "4 stars and up" and so on, picked as `rating_min`. */
export const RATING_BANDS = [4, 3, 2, 1] as const;

/** How many categories and brands the facets list at most: the most common ones, and any selected brand. */
export const FACET_VALUES_MAX = 30;

const valueCount = z.object({ value: z.string(), count: z.number().int() });

/**
 * The counts beside a product list. Each group is counted with every other group's selection applied but not its
 * own, so that picking one brand still shows the others' counts; `total` applies every selection.
 */
export const ProductFacetsSchema = z.object({
  total: z.number().int(),
  categories: z.array(valueCount),
  brands: z.array(valueCount),
  ratings: z.array(z.object({ min: z.number(), count: z.number().int() })),
  prices: z.array(z.object({ min: z.number(), max: z.number().nullable(), count: z.number().int() })),
  in_stock: z.number().int(),
  /** Some group matched more than its counts cover: they count the newest matches only. */
  capped: z.boolean(),
});
export type ProductFacets = z.infer<typeof ProductFacetsSchema>;
