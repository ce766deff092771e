import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  apiFilterOf,
  bandBounds,
  filtersFromSearch,
  searchOfFilters,
  withoutFilters,
  type ProductFilters,
} from './product-filters.ts';

const none: ProductFilters = { brand: [], in_stock: false };
const read = (search: string) => filtersFromSearch(new URLSearchParams(search));

describe('the filters in a product list’s URL', () => {
  it('read every choice, brands repeated', () => {
    expect(
      read(
        'q=wireless+headphones&category=Audio&brand=Sonora&brand=Bassline&price_min=25&price_max=49.99&rating_min=4&in_stock=true&sort=price_asc',
      ),
    ).toEqual({
      q: 'wireless headphones',
      category: 'Audio',
      brand: ['Sonora', 'Bassline'],
      price_min: 25,
      price_max: 49.99,
      rating_min: 4,
      in_stock: true,
      sort: 'price_asc',
    });
  });

  it('come back as the same URL they were read from', () => {
    const search =
      'q=lamp&category=Home&brand=Acme&brand=Zenith&price_min=10&price_max=20.5&rating_min=3&in_stock=true&sort=rating';
    expect(searchOfFilters(read(search)).toString()).toBe(search);
  });

  it('leave out what is the default: no brand, not only in stock, the default sort', () => {
    expect(searchOfFilters({ ...none, q: 'lamp', sort: 'relevance' }).toString()).toBe('q=lamp');
    expect(searchOfFilters({ ...none, sort: 'newest' }).toString()).toBe('');
    expect(searchOfFilters({ ...none, q: 'lamp', sort: 'newest' }).toString()).toBe('q=lamp&sort=newest');
  });

  it('drop what the page could not have written, so that a mistyped link still lists products', () => {
    expect(
      read('price_min=abc&price_max=-3&rating_min=9&in_stock=yes&sort=random&brand=&brand=%20&category=%20'),
    ).toEqual(none);
    expect(read('rating_min=3.5&price_min=1e3').rating_min).toBeUndefined();
    // Relevance ranks words: without any it is not an order.
    expect(read('sort=relevance').sort).toBeUndefined();
    expect(read('brand=Acme&brand=Acme').brand).toEqual(['Acme']);
  });

  it('put crossed price bounds in order', () => {
    expect(read('price_min=50&price_max=10')).toMatchObject({ price_min: 10, price_max: 50 });
  });

  it('turn into the API’s parameters, brands as a list', () => {
    expect(apiFilterOf(read('q=a&brand=Acme&in_stock=true&sort=rating'))).toEqual({
      q: 'a',
      category: undefined,
      brand: ['Acme'],
      price_min: undefined,
      price_max: undefined,
      rating_min: undefined,
      in_stock: true,
    });
    expect(apiFilterOf(none)).toMatchObject({ brand: undefined, in_stock: undefined });
  });
});

describe('the active filters', () => {
  const filters = read(
    'q=lamp&category=Home&brand=Acme&brand=Zenith&price_min=500&rating_min=4&in_stock=true',
  );

  it('name each choice, and each removes itself alone', () => {
    const active = activeFilters(filters);
    expect(active.map((filter) => filter.label)).toEqual([
      'Category: Home',
      'Brand: Acme',
      'Brand: Zenith',
      'Price: $500 and up',
      '4 stars & up',
      'In stock',
    ]);
    expect(active[1]?.without(filters)).toEqual({ ...filters, brand: ['Zenith'] });
    expect(active[3]?.without(filters)).toEqual({ ...filters, price_min: undefined, price_max: undefined });
  });

  it('clear all at once, keeping the words and the sort', () => {
    expect(withoutFilters({ ...filters, sort: 'price_asc' })).toEqual({
      ...none,
      q: 'lamp',
      sort: 'price_asc',
    });
    expect(activeFilters(withoutFilters(filters))).toEqual([]);
  });

  it('pick a price band up to a cent below its end', () => {
    expect(bandBounds({ min: 0, max: 25 })).toEqual({ price_min: undefined, price_max: 24.99 });
    expect(bandBounds({ min: 25, max: 50 })).toEqual({ price_min: 25, price_max: 49.99 });
    expect(bandBounds({ min: 500, max: null })).toEqual({ price_min: 500, price_max: undefined });
    expect(activeFilters({ ...none, price_max: 24.99 })[0]?.label).toBe('Price: Up to $24.99');
  });
});
