import { dollarsToCents } from '@bazaar/shared/pricing';
import type { ProductFilter } from '../products.repository.ts';
import { NO_PRICE, type ProductIndex } from './product-index.ts';

/** Whether the product in a slot passes a filter. */
export type Passes = (slot: number) => boolean;

const always: Passes = () => true;
const never: Passes = () => false;

/**
 * A filter's values (all but its words) as a test of a slot, comparing as the SQL does: a rating as PostgreSQL's
 * `real` (the minimum rounded to it), a flash sale running while its end is ahead.
 */
export function passesOf(index: ProductIndex, filter: ProductFilter, nowUs = Date.now() * 1000): Passes {
  const tests: Passes[] = [];
  const { categoryTags, brand, price_min, price_max, rating_min, in_stock, flash_sale, sellerId } = filter;
  if (categoryTags !== undefined) {
    const tags = new Set(categoryTags);
    const lists = index.categoryLists.values.map((categories) => categories.some((tag) => tags.has(tag)));
    tests.push((slot) => lists[index.categoryList[slot]!] === true);
  }
  if (brand !== undefined) {
    const brands = new Set(brand.flatMap((name) => index.brands.find(name) ?? []));
    tests.push((slot) => brands.has(index.brand[slot]!));
  }
  if (price_min !== undefined) {
    const min = dollarsToCents(price_min);
    tests.push((slot) => index.saleCents[slot] !== NO_PRICE && index.saleCents[slot]! >= min);
  }
  if (price_max !== undefined) {
    const max = dollarsToCents(price_max);
    tests.push((slot) => index.saleCents[slot] !== NO_PRICE && index.saleCents[slot]! <= max);
  }
  if (rating_min !== undefined) {
    const min = Math.fround(rating_min);
    tests.push((slot) => index.ratings[slot]! >= min);
  }
  if (in_stock) tests.push((slot) => index.inStock[slot] === 1);
  if (flash_sale !== undefined) tests.push((slot) => index.flashSaleEndsUs[slot]! > nowUs === flash_sale);
  if (sellerId !== undefined) {
    const seller = index.sellers.find(sellerId);
    if (seller === undefined) return never;
    tests.push((slot) => index.seller[slot] === seller);
  }
  if (tests.length === 0) return always;
  if (tests.length === 1) return tests[0]!;
  return (slot) => tests.every((test) => test(slot));
}
