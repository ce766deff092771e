import type { ProductSort } from '@bazaar/shared/products';

/** What a shopper narrows a product list by, as the page's URL holds it (the API's parameter names). */
export interface ProductFilters {
  q?: string;
  category?: string;
  brand: string[];
  /** Dollars on the discounted price, both included. */
  price_min?: number;
  price_max?: number;
  rating_min?: number;
  in_stock: boolean;
  /** Unset: the list's default (relevance with words, newest without). */
  sort?: ProductSort;
}

/** The sorts a shopper may pick, in the menu's order; relevance only with words to rank by. */
export const SORT_CHOICES = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'price_asc', label: 'Price low to high' },
  { value: 'price_desc', label: 'Price high to low' },
  { value: 'rating', label: 'Top rated' },
  { value: 'newest', label: 'Newest' },
] as const satisfies readonly { value: ProductSort; label: string }[];

export const defaultSort = (filters: Pick<ProductFilters, 'q'>): ProductSort =>
  filters.q ? 'relevance' : 'newest';

const MAX_DOLLARS = 1_000_000;

/** A number of dollars from the URL: from 0 up, whole cents; anything else is left out. */
function dollarsOf(text: string | null): number | undefined {
  if (text === null || !/^\d+(\.\d{1,2})?$/.test(text)) return undefined;
  const value = Number(text);
  return value <= MAX_DOLLARS ? value : undefined;
}

const textOf = (text: string | null) => text?.trim() || undefined;

/**
 * The filters a URL's search parameters hold. A value the page could not have written (a rating of 9, a price
 * of "abc") is dropped rather than sent on, so that a mistyped link still shows a list.
 */
export function filtersFromSearch(search: URLSearchParams): ProductFilters {
  const q = textOf(search.get('q'));
  const rating = Number(search.get('rating_min'));
  const sort = SORT_CHOICES.find((choice) => choice.value === search.get('sort'))?.value;
  let price_min = dollarsOf(search.get('price_min'));
  let price_max = dollarsOf(search.get('price_max'));
  if (price_min !== undefined && price_max !== undefined && price_min > price_max)
    [price_min, price_max] = [price_max, price_min];
  return {
    q,
    category: textOf(search.get('category')),
    brand: [...new Set(search.getAll('brand').map((brand) => brand.trim()))].filter(Boolean),
    price_min,
    price_max,
    rating_min: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : undefined,
    in_stock: search.get('in_stock') === 'true',
    // Relevance ranks words: without any, the list has its own order.
    sort: sort === 'relevance' && !q ? undefined : sort,
  };
}

/** The URL's search parameters for `filters`; a default (no brand, the default sort) is left out. */
export function searchOfFilters(filters: ProductFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.q) search.set('q', filters.q);
  if (filters.category) search.set('category', filters.category);
  for (const brand of filters.brand) search.append('brand', brand);
  if (filters.price_min !== undefined) search.set('price_min', String(filters.price_min));
  if (filters.price_max !== undefined) search.set('price_max', String(filters.price_max));
  if (filters.rating_min !== undefined) search.set('rating_min', String(filters.rating_min));
  if (filters.in_stock) search.set('in_stock', 'true');
  if (filters.sort && filters.sort !== defaultSort(filters)) search.set('sort', filters.sort);
  return search;
}

/** The API's parameters for `filters`: what `GET /api/products` and its facets take. */
export function apiFilterOf(filters: ProductFilters) {
  return {
    q: filters.q,
    category: filters.category,
    brand: filters.brand.length > 0 ? filters.brand : undefined,
    price_min: filters.price_min,
    price_max: filters.price_max,
    rating_min: filters.rating_min,
    in_stock: filters.in_stock || undefined,
  };
}

const dollars = (value: number) => `$${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/** A price range in words: "$25 to $49.99", "$500 and up", "Up to $25". */
export function priceRangeLabel(min: number | undefined, max: number | undefined): string {
  if (max === undefined) return `${dollars(min ?? 0)} and up`;
  if (!min) return `Up to ${dollars(max)}`;
  return `${dollars(min)} to ${dollars(max)}`;
}

/** A facet's price band as the filters pick it: its upper end is excluded, so the bound is a cent below. */
export function bandBounds(band: { min: number; max: number | null }) {
  return {
    price_min: band.min === 0 ? undefined : band.min,
    price_max: band.max === null ? undefined : Math.round(band.max * 100 - 1) / 100,
  };
}

/**
 * A change of filters, made on the filters the URL holds when the shopper acts: a choice made before the page
 * showed the last one still keeps it.
 */
export type FiltersChange = (current: ProductFilters) => ProductFilters;

/** One active filter, as a chip shows it: its words and the change that removes it. */
export interface ActiveFilter {
  key: string;
  label: string;
  without: FiltersChange;
}

/** The filters a shopper chose (not the words searched nor the sort), each removable on its own. */
export function activeFilters(filters: ProductFilters): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  if (filters.category)
    active.push({
      key: 'category',
      label: `Category: ${filters.category}`,
      without: (current) => ({ ...current, category: undefined }),
    });
  for (const brand of filters.brand)
    active.push({
      key: `brand:${brand}`,
      label: `Brand: ${brand}`,
      without: (current) => ({ ...current, brand: current.brand.filter((other) => other !== brand) }),
    });
  if (filters.price_min !== undefined || filters.price_max !== undefined)
    active.push({
      key: 'price',
      label: `Price: ${priceRangeLabel(filters.price_min, filters.price_max)}`,
      without: (current) => ({ ...current, price_min: undefined, price_max: undefined }),
    });
  if (filters.rating_min !== undefined)
    active.push({
      key: 'rating',
      label: `${filters.rating_min} ${filters.rating_min === 1 ? 'star' : 'stars'} & up`,
      without: (current) => ({ ...current, rating_min: undefined }),
    });
  if (filters.in_stock)
    active.push({
      key: 'in_stock',
      label: 'In stock',
      without: (current) => ({ ...current, in_stock: false }),
    });
  return active;
}

/** `filters` with every chosen filter removed: the words and the sort stay. */
export const withoutFilters = (filters: ProductFilters): ProductFilters => ({
  q: filters.q,
  sort: filters.sort,
  brand: [],
  in_stock: false,
});
