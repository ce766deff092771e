import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SEARCH_COUNT_MAX, TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import type { Product } from '@bazaar/shared/products';
import { products } from '../../db/schema.ts';
import {
  flashSaleArbitrary,
  RELATED_NAME_WORDS,
  RELATED_TYPED_WORDS,
} from '../../test/product-arbitraries.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { indexedProducts, rankedByOracle } from '../../test/relevance-oracle.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createProductsRepository } from './products.repository.ts';

const NAME_WORDS = RELATED_NAME_WORDS;
const BRANDS = ['Lampco', 'Acme', null] as const;
const TAGS = ['home', 'phones', 'office'] as const;
const TYPED = RELATED_TYPED_WORDS;

const productArbitrary = fc.record({
  words: fc.uniqueArray(fc.constantFrom(...NAME_WORDS), { minLength: 1, maxLength: 3 }),
  brand: fc.constantFrom(...BRANDS),
  categories: fc.uniqueArray(fc.constantFrom(...TAGS), { minLength: 1, maxLength: 2 }),
  priceCents: fc.integer({ min: 0, max: 5_000 }),
  ratings: fc.constantFrom(0, 2, 4.5),
  stock: fc.constantFrom(null, 0, 3),
  flashSale: flashSaleArbitrary,
});

/** A write after the catalog is made, which a search must follow. */
const changeArbitrary = fc.record({
  product: fc.nat(),
  to: fc.oneof(
    fc.record({ name: fc.constantFrom('lamp desk', 'clamp', 'headphones lampshade', 'Office chair') }),
    fc.record({ priceCents: fc.integer({ min: 0, max: 5_000 }) }),
    fc.record({ stock: fc.constantFrom(null, 0, 1, 2) }),
    fc.record({
      brand: fc.constantFrom(...BRANDS),
      categories: fc.constantFrom('home', 'phones office').map((tags) => tags.split(' ')),
    }),
    fc
      .record({ ratings: fc.constantFrom(0, 2, 4.5), flashSale: flashSaleArbitrary })
      .map(({ flashSale, ...change }) => ({ ...change, ...flashSale })),
    fc.constant('delete' as const),
  ),
});

const filterArbitrary = fc.record(
  {
    price_max: fc.constantFrom(10, 30),
    in_stock: fc.constant(true),
    rating_min: fc.constantFrom(2, 4),
    brand: fc.constantFrom('Lampco', 'Acme'),
    category: fc.constantFrom(...TAGS),
    flash_sale: fc.boolean(),
  },
  { requiredKeys: [] },
);
// Half the searches without a filter, so that most catalogs leave products of every rank to order.
const queryArbitrary = fc
  .tuple(
    fc.uniqueArray(fc.constantFrom(...TYPED), { minLength: 1, maxLength: 2 }),
    fc.oneof(fc.constant({}), filterArbitrary),
  )
  .map(([q, filter]) => ({ q, ...filter }));
type Query = typeof queryArbitrary extends fc.Arbitrary<infer T> ? T : never;

type Generated = typeof productArbitrary extends fc.Arbitrary<infer T> ? T : never;

const generated = (name: (typeof NAME_WORDS)[number]): Generated => ({
  words: [name],
  brand: null,
  categories: ['home'],
  priceCents: 100,
  ratings: 0,
  stock: null,
  flashSale: { flashSale: false, flashSaleEndsAt: null },
});

/** The same filter in SQL over `products`, for the oracle's list of candidates. */
const productsPassing = (query: Query) =>
  sql.join(
    [
      sql`true`,
      ...(query.price_max === undefined ? [] : [sql`sale_cents <= ${query.price_max * 100}`]),
      ...(query.in_stock ? [sql`(stock is null or stock > 0)`] : []),
      ...(query.rating_min === undefined ? [] : [sql`ratings >= ${query.rating_min}`]),
      ...(query.brand === undefined ? [] : [sql`brand = ${query.brand}`]),
      ...(query.category === undefined ? [] : [sql`${query.category} = any(categories)`]),
      // In the flash sale: ticked, and its end still ahead.
      ...(query.flash_sale === undefined
        ? []
        : [sql`coalesce(flash_sale and flash_sale_ends_at > now(), false) = ${query.flash_sale}`]),
    ],
    sql` and `,
  );

describe('a search by relevance', () => {
  // The property rewrites the catalog behind the API's back: without a cache, no answer outlives its catalog.
  const uncachedApp = useTestApp({ CATALOG_CACHE_MB: '0' });

  it('finds and ranks what the rule says, over a generated catalog after any writes, with any filter', async () => {
    const db = uncachedApp.database.db;
    const repository = createProductsRepository(db);
    await fc.assert(
      fc.asyncProperty(
        fc.array(productArbitrary, { maxLength: 40 }),
        fc.array(changeArbitrary, { maxLength: 6 }),
        queryArbitrary,
        async (catalog, changes, query) => {
          await db.delete(products).where(sql`true`);
          const inserted =
            catalog.length === 0
              ? []
              : await insertProducts(
                  db,
                  catalog.map(({ words, flashSale, ...product }) =>
                    productRow({ ...product, ...flashSale, name: words.join(' '), discount: 0 }),
                  ),
                );
          for (const change of changes) {
            const target = inserted[change.product % Math.max(inserted.length, 1)];
            if (target === undefined) break;
            if (change.to === 'delete') await db.delete(products).where(eq(products.id, target.id));
            else await db.update(products).set(change.to).where(eq(products.id, target.id));
          }
          const params = new URLSearchParams({ limit: '100' });
          for (const [name, value] of Object.entries(query)) {
            params.set(name, Array.isArray(value) ? value.join(' ') : String(value));
          }
          const response = await uncachedApp.app.inject({
            method: 'GET',
            url: `/api/products?${params.toString()}`,
          });
          expect(response.statusCode, response.body).toBe(200);

          const words = await repository.typedWords(params.get('q')!);
          const expected = rankedByOracle(
            await indexedProducts(db, productsPassing(query)),
            words,
            SEARCH_COUNT_MAX + 1,
          );
          expect(response.json<Product[]>().map((product) => product._id)).toEqual(expected);
          expect(Number(response.headers[TOTAL_COUNT_HEADER])).toBe(expected.length);
        },
      ),
      {
        numRuns: 150,
        // A typo of the typed word (whole) against a word it starts (as typed): whole words rank first.
        examples: [[[generated('lamp'), generated('lampshade')], [], { q: ['lamps'] satisfies Query['q'] }]],
      },
    );
  });

  it('pages the same order without gaps or overlaps', async () => {
    const db = uncachedApp.database.db;
    await db.delete(products).where(sql`true`);
    const names = [
      'lamp',
      'lamps',
      'clamp',
      'lampshade desk',
      'desk lamp',
      'lamp desk',
      'Lamp',
      'lamps lamp',
    ];
    const inserted = await insertProducts(
      db,
      names.map((name) => productRow({ name })),
    );
    const pages: string[] = [];
    for (const offset of [0, 3, 6]) {
      const response = await uncachedApp.app.inject({
        method: 'GET',
        url: `/api/products?q=lamp&limit=3&offset=${offset}`,
      });
      expect(Number(response.headers[TOTAL_COUNT_HEADER])).toBe(names.length);
      pages.push(...response.json<Product[]>().map((product) => product._id));
    }
    const words = await createProductsRepository(db).typedWords('lamp');
    const ids = inserted.map((row) => row.id);
    expect(pages).toEqual(
      rankedByOracle(await indexedProducts(db, inArray(products.id, ids)), words, SEARCH_COUNT_MAX + 1),
    );
  });
});
