import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRICE_BANDS, RATING_BANDS, type ProductFacets } from '@bazaar/shared/product-facets';
import { TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import { discountedCents } from '@bazaar/shared/pricing';
import { categories, products } from '../../db/schema.ts';
import { asBearer, signUpCast, type TestAccount } from '../../test/accounts.ts';
import { insertProducts, productRow, type NewProductRow } from '../../test/product-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

const testApp = useTestApp();

async function facets(query: string, headers: Record<string, string> = {}, app = testApp.app) {
  const response = await app.inject({ method: 'GET', url: `/api/products/facets?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductFacets>();
}

const countOf = (list: { value: string; count: number }[], value: string) =>
  list.find((entry) => entry.value === value)?.count ?? 0;

describe('GET /api/products/facets', () => {
  let cast: { owner: TestAccount; stranger: TestAccount; admin: TestAccount };

  beforeAll(async () => {
    await insertProducts(testApp.database.db, [
      productRow({ name: 'Oak Desk', brand: 'Woodly', categories: ['home', 'office'], priceCents: 12000 }),
      productRow({ name: 'Pine Desk', brand: 'Woodly', categories: ['home'], priceCents: 8000, stock: 0 }),
      productRow({
        name: 'Steel Desk',
        brand: 'Metalix',
        categories: ['office'],
        priceCents: 30000,
        ratings: 2,
      }),
      productRow({ name: 'Desk Lamp', brand: null, categories: ['home'], priceCents: 2000, discount: 50 }),
    ]);
    cast = await signUpCast(testApp, 'facets');
  });

  /** A product added by its seller through the API, which empties the catalog cache. */
  async function createProduct(payload: Record<string, unknown>) {
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: asBearer(cast.owner),
      payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created;
  }

  it('counts every group over the matches, each without its own selection', async () => {
    const all = await facets('q=desk');
    expect(all).toMatchObject({ total: 4, in_stock: 3, capped: false });
    expect(all.categories).toEqual([
      { value: 'home', count: 3 },
      { value: 'office', count: 2 },
    ]);
    expect(all.brands).toEqual([
      { value: 'Woodly', count: 2 },
      { value: 'Metalix', count: 1 },
    ]);
    expect(all.ratings).toEqual(RATING_BANDS.map((min) => ({ min, count: min <= 2 ? 4 : 3 })));
    // $10.00 (the lamp at 50% off), $80, $120, $300.
    expect(all.prices.map((band) => band.count)).toEqual([1, 0, 1, 1, 1, 0]);

    // Picking a brand keeps the other brands' counts, and narrows every other group.
    const woodly = await facets('q=desk&brand=Woodly');
    expect(woodly.brands).toEqual(all.brands);
    expect(woodly).toMatchObject({ total: 2, in_stock: 1 });
    expect(woodly.categories).toEqual([
      { value: 'home', count: 2 },
      { value: 'office', count: 1 },
    ]);

    const inStockOffice = await facets('category=office&in_stock=true');
    expect(inStockOffice.in_stock).toBe(2);
    expect(inStockOffice.total).toBe(2);
    expect(countOf(inStockOffice.categories, 'home')).toBe(2);
    const cheap = await facets('price_max=100');
    expect(cheap.prices).toEqual(all.prices);
    expect(cheap.total).toBe(2);
  });

  it('answers zero counts for a search without words or a seller nobody is', async () => {
    for (const query of ['q=%25%25', 'seller=nobody-here']) {
      const none = await facets(query);
      expect(none).toMatchObject({ total: 0, categories: [], brands: [], in_stock: 0 });
      expect(none.prices.every((band) => band.count === 0)).toBe(true);
    }
  });

  it('gives every caller the same answer: anonymous, owner, stranger, admin', async () => {
    const anonymous = await facets('q=desk');
    for (const account of [cast.owner, cast.stranger, cast.admin])
      expect(await facets('q=desk', asBearer(account))).toEqual(anonymous);
  });

  it('is emptied from the cache by a catalog write', async () => {
    expect((await facets('q=desk')).total).toBe(4);
    const created = await createProduct({
      name: 'Glass Desk',
      price: 99,
      brand: 'Clearo',
      categories: ['office'],
    });
    const after = await facets('q=desk');
    expect(after.total).toBe(5);
    expect(countOf(after.brands, 'Clearo')).toBe(1);
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/products/${created.json<{ _id: string }>()._id}`,
      headers: asBearer(cast.owner),
    });
    expect(removed.statusCode).toBe(200);
    expect((await facets('q=desk')).total).toBe(4);
  });

  it("reads a search text's words again after a write brings a new word", async () => {
    // "bureax" is one typo away from no word yet: its words are kept without one.
    expect((await facets('q=bureax')).total).toBe(0);
    await createProduct({ name: 'Bureau Desk', price: 150, brand: 'Woodly', categories: ['office'] });
    // Another list of the same text, whose answer was never kept: only its words could be stale.
    const found = await testApp.app.inject({ method: 'GET', url: '/api/products?q=bureax&price_max=500' });
    expect(found.json<{ name: string }[]>().map((product) => product.name)).toEqual(['Bureau Desk']);
    expect((await facets('q=bureax&brand=Woodly')).total).toBe(1);
  });

  it.each([
    ['price_min=abc', 'price_min'],
    ['price_min=9&price_max=1', 'price_min'],
    ['rating_min=9', 'rating_min'],
    ['in_stock=yes', 'in_stock'],
    ['sort=newest', 'sort'],
    ['limit=10', 'limit'],
  ])('refuses %s with a 400 naming the parameter', async (query, parameter) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/products/facets?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(parameter);
  });
});

describe('the category facet', () => {
  const shop = useTestApp();

  beforeAll(async () => {
    await shop.database.db.insert(categories).values(
      ['Home & Kitchen', 'Office', 'Garden'].map((name) => ({
        name,
        imageUrl: `/images/categories/${name.toLowerCase()}.svg`,
      })),
    );
    await insertProducts(shop.database.db, [
      productRow({ name: 'Oak Desk', categories: ['home', 'office'] }),
      productRow({ name: 'Pine Desk', categories: ['kitchen'] }),
      productRow({ name: 'Steel Desk', categories: ['office', 'metal'] }),
      productRow({ name: 'Desk Lamp', categories: ['home', 'kitchen'] }),
    ]);
  });

  const listTotal = async (query: string) => {
    const response = await shop.app.inject({ method: 'GET', url: `/api/products?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return Number(response.headers[TOTAL_COUNT_HEADER]);
  };

  it('names the shop’s categories, counting each product once, and keeps the tags no category has', async () => {
    const expected = [
      { value: 'Home & Kitchen', count: 3 },
      { value: 'Office', count: 2 },
      { value: 'metal', count: 1 },
    ];
    // A search's facets come from its postings, a list's from the products: both name the categories.
    expect((await facets('q=desk', {}, shop.app)).categories).toEqual(expected);
    expect((await facets('', {}, shop.app)).categories).toEqual(expected);
  });

  it('filters by a category’s name as the list does, and still by a tag, as shared links have it', async () => {
    const chosen = await facets('q=desk&category=Home+%26+Kitchen', {}, shop.app);
    expect(chosen.total).toBe(3);
    expect(await listTotal('q=desk&category=Home+%26+Kitchen')).toBe(3);
    // Its own group still shows every category.
    expect(chosen.categories.map((category) => category.value)).toEqual([
      'Home & Kitchen',
      'Office',
      'metal',
    ]);
    expect((await facets('q=desk&category=kitchen', {}, shop.app)).total).toBe(2);
    expect(await listTotal('q=desk&category=kitchen')).toBe(2);
  });
});

// A catalog whose words are all whole and distinct (no word a prefix, part or typo of another), so that a search in
// plain JavaScript is a word lookup.
const NAME_WORDS = ['alpha', 'bravo', 'delta', 'quill', 'zephyr'] as const;
const BRANDS = ['Acme', 'Umbra', 'Vortex', null] as const;
const TAGS = ['home', 'garden', 'toys', 'books'] as const;

type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;

const productArbitrary = fc.record({
  words: fc.uniqueArray(fc.constantFrom(...NAME_WORDS), { minLength: 1, maxLength: 3 }),
  brand: fc.constantFrom(...BRANDS),
  categories: fc.uniqueArray(fc.constantFrom(...TAGS), { minLength: 1, maxLength: 2 }),
  priceCents: fc.integer({ min: 0, max: 80_000 }),
  discount: fc.constantFrom(0, 10, 50, 99),
  ratings: fc.constantFrom(0, 1, 2.5, 3, 4, 4.5, 5),
  stock: fc.constantFrom(null, 0, 3),
  flashSale: fc.boolean(),
});
type Generated = ValueOf<typeof productArbitrary>;

const queryArbitrary = fc.record(
  {
    q: fc.uniqueArray(fc.constantFrom(...NAME_WORDS), { minLength: 1, maxLength: 2 }),
    category: fc.constantFrom('home', 'garden toys', 'books'),
    brand: fc.uniqueArray(fc.constantFrom('Acme', 'Umbra', 'Vortex'), { minLength: 1, maxLength: 2 }),
    price_min: fc.constantFrom(0, 25, 99.5),
    price_max: fc.constantFrom(99.5, 200, 600),
    rating_min: fc.constantFrom(1, 3, 4.5),
    in_stock: fc.constant(true),
    flash_sale: fc.boolean(),
  },
  { requiredKeys: [] },
);
type Query = ValueOf<typeof queryArbitrary>;
type Group = 'category' | 'brand' | 'rating' | 'price' | 'stock';

/** Whether `product` passes every selection of `query` but the group `without`. */
function passes(product: Generated, query: Query, without?: Group): boolean {
  const sale = discountedCents(product.priceCents, product.discount) / 100;
  const text = [...product.words, product.brand?.toLowerCase() ?? '', ...product.categories];
  return (
    (query.q?.every((word) => text.includes(word)) ?? true) &&
    (without === 'category' ||
      query.category === undefined ||
      product.categories.some((tag) => query.category?.includes(tag))) &&
    (without === 'brand' ||
      query.brand === undefined ||
      (product.brand !== null && query.brand.includes(product.brand))) &&
    (without === 'price' || query.price_min === undefined || sale >= query.price_min) &&
    (without === 'price' || query.price_max === undefined || sale <= query.price_max) &&
    (without === 'rating' || query.rating_min === undefined || product.ratings >= query.rating_min) &&
    (without === 'stock' || !query.in_stock || product.stock !== 0) &&
    (query.flash_sale === undefined || product.flashSale === query.flash_sale)
  );
}

function bruteForce(catalog: Generated[], query: Query) {
  const matching = (without?: Group) => catalog.filter((product) => passes(product, query, without));
  const tally = (values: string[]) => {
    const counts = new Map<string, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return Object.fromEntries(counts);
  };
  const sale = (product: Generated) => discountedCents(product.priceCents, product.discount);
  return {
    total: matching().length,
    categories: tally(matching('category').flatMap((product) => product.categories)),
    brands: tally(matching('brand').flatMap((product) => (product.brand ? [product.brand] : []))),
    ratings: RATING_BANDS.map((min) => matching('rating').filter((product) => product.ratings >= min).length),
    prices: PRICE_BANDS.map(
      ({ min, max }) =>
        matching('price').filter(
          (product) => sale(product) >= min * 100 && (max === null || sale(product) < max * 100),
        ).length,
    ),
    in_stock: matching('stock').filter((product) => product.stock !== 0).length,
  };
}

function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (name === 'q') params.set('q', (value as string[]).join(' '));
    else if (Array.isArray(value)) for (const item of value) params.append(name, String(item));
    else params.set(name, String(value));
  }
  return params.toString();
}

describe('facet counts', () => {
  // The property rewrites the catalog behind the API's back: without a cache, no answer outlives its catalog.
  const uncachedApp = useTestApp({ CATALOG_CACHE_MB: '0' });

  it('equal a brute-force count over a generated catalog, for any combination of selections', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(productArbitrary, { maxLength: 30 }),
        queryArbitrary,
        async (catalog, query) => {
          await uncachedApp.database.db.delete(products).where(sql`true`);
          const rows: NewProductRow[] = catalog.map((product) =>
            productRow({ ...product, name: product.words.join(' ') }),
          );
          if (rows.length > 0) await insertProducts(uncachedApp.database.db, rows);
          const answer = await facets(queryString(query), {}, uncachedApp.app);
          const expected = bruteForce(catalog, query);
          expect({
            total: answer.total,
            categories: Object.fromEntries(answer.categories.map(({ value, count }) => [value, count])),
            brands: Object.fromEntries(answer.brands.map(({ value, count }) => [value, count])),
            ratings: answer.ratings.map((band) => band.count),
            prices: answer.prices.map((band) => band.count),
            in_stock: answer.in_stock,
          }).toEqual(expected);
        },
      ),
      { numRuns: 40 },
    );
  });
});
