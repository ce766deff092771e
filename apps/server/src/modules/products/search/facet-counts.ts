import {
  FACET_COUNT_MAX,
  FACET_VALUES_MAX,
  PRICE_BANDS,
  RATING_BANDS,
  type ProductFacets,
} from '@bazaar/shared/product-facets';
import { dollarsToCents } from '@bazaar/shared/pricing';
import type { ProductFilter } from '../products.repository.ts';
import { FACET_GROUP_NAMES, FACET_GROUPS, unselected, type FacetGroup } from './facet-groups.ts';
import { passesOf, type Passes } from './filters.ts';
import type { Matcher } from './matching.ts';
import { NO_PRICE, type ProductIndex } from './product-index.ts';
import { compareText } from './word-lookup.ts';

/** A shop category as the category facet lists it: its name and the product tags its route value matches. */
export interface ShopCategory {
  name: string;
  tags: string[];
}

/** The counts of one pool: at most FACET_COUNT_MAX matches of a filter, the newest. */
class Pool {
  matches = 0;
  readonly categoryLists = new Map<number, number>();
  readonly brands = new Map<number, number>();
  readonly ratings = RATING_BANDS.map(() => 0);
  readonly prices = PRICE_BANDS.map(() => 0);
  inStock = 0;
  constructor(readonly passes: Passes) {}
  get full(): boolean {
    return this.matches >= FACET_COUNT_MAX;
  }
}

const RATING_MINS = RATING_BANDS.map((min) => Math.fround(min));
const PRICE_CENTS = PRICE_BANDS.map(({ min, max }) => ({
  min: dollarsToCents(min),
  max: max === null ? Number.POSITIVE_INFINITY : dollarsToCents(max),
}));

/**
 * The facets of `filter`, as `facetQuery` counts them: each group over the newest FACET_COUNT_MAX matches of its
 * group's filter; the groups whose own selection is not made share the pool of the full filter.
 */
export function facetsOf(
  index: ProductIndex,
  matcher: Matcher,
  filter: ProductFilter,
  shopCategories: ShopCategory[],
): ProductFacets & { capped: boolean } {
  const groupPool = new Map<FacetGroup, Pool>();
  const all = new Pool(passesOf(index, filter));
  const pools = [all];
  for (const group of FACET_GROUP_NAMES) {
    if (!FACET_GROUPS[group].selected(filter)) {
      groupPool.set(group, all);
      continue;
    }
    const own = new Pool(passesOf(index, FACET_GROUPS[group].without(filter)));
    pools.push(own);
    groupPool.set(group, own);
  }
  matcher.matches(filter.words, passesOf(index, unselected(filter)), (slot) => {
    let open = false;
    for (const pool of pools) {
      if (pool.full) continue;
      if (pool.passes(slot)) count(index, pool, slot);
      open ||= !pool.full;
    }
    return open;
  });
  const poolOf = (group: FacetGroup) => groupPool.get(group)!;
  return {
    total: all.matches,
    categories: categoryValues(index, poolOf('categories'), shopCategories),
    brands: brandValues(index, poolOf('brands'), filter.brand ?? []),
    ratings: RATING_BANDS.map((min, band) => ({ min, count: poolOf('ratings').ratings[band]! })),
    prices: PRICE_BANDS.map(({ min, max }, band) => ({ min, max, count: poolOf('prices').prices[band]! })),
    in_stock: poolOf('in_stock').inStock,
    capped: pools.some((pool) => pool.full),
  };
}

function count(index: ProductIndex, pool: Pool, slot: number): void {
  pool.matches += 1;
  const list = index.categoryList[slot]!;
  pool.categoryLists.set(list, (pool.categoryLists.get(list) ?? 0) + 1);
  const brand = index.brand[slot]!;
  if (brand !== -1) pool.brands.set(brand, (pool.brands.get(brand) ?? 0) + 1);
  const rating = index.ratings[slot]!;
  RATING_MINS.forEach((min, band) => {
    if (rating >= min) pool.ratings[band] = pool.ratings[band]! + 1;
  });
  const cents = index.saleCents[slot]!;
  if (cents !== NO_PRICE)
    PRICE_CENTS.forEach(({ min, max }, band) => {
      if (cents >= min && cents < max) pool.prices[band] = pool.prices[band]! + 1;
    });
  if (index.inStock[slot] === 1) pool.inStock += 1;
}

/** The most common values, most first, then by name; `first` (selected brands) ahead of all. */
function topValues(counts: Map<string, number>, first: string[] = []) {
  const chosen = new Set(first);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort(
      (a, b) =>
        Number(chosen.has(b.value)) - Number(chosen.has(a.value)) ||
        b.count - a.count ||
        compareText(a.value, b.value),
    )
    .slice(0, FACET_VALUES_MAX);
}

/**
 * A product counts under each shop category whose tags it has, and under each of its tags that no category has, as
 * it is (`categoryValuesOf`).
 */
function categoryValues(index: ProductIndex, pool: Pool, shopCategories: ShopCategory[]) {
  const covered = new Set(shopCategories.flatMap((category) => category.tags));
  const counts = new Map<string, number>();
  const add = (value: string, products: number) => counts.set(value, (counts.get(value) ?? 0) + products);
  for (const [list, products] of pool.categoryLists) {
    const tags = index.categoryLists.values[list]!;
    for (const category of shopCategories)
      if (category.tags.some((tag) => tags.includes(tag))) add(category.name, products);
    for (const tag of tags) if (!covered.has(tag)) add(tag, products);
  }
  return topValues(counts);
}

function brandValues(index: ProductIndex, pool: Pool, selected: string[]) {
  const counts = new Map<string, number>();
  for (const [brand, products] of pool.brands) counts.set(index.brands.values[brand]!, products);
  return topValues(counts, selected);
}
