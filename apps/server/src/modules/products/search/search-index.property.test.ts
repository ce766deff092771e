import fc from 'fast-check';
import pino from 'pino';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ProductFilterQuerySchema, ProductListQuerySchema } from '@bazaar/shared/products';
import { products } from '../../../db/schema.ts';
import { shopImageUrls } from '../../../images/image-urls.ts';
import {
  flashSaleArbitrary,
  RELATED_NAME_WORDS,
  RELATED_TYPED_WORDS,
} from '../../../test/product-arbitraries.ts';
import { insertProducts, productRow } from '../../../test/product-fixtures.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createCatalogCache } from '../../catalog-cache/catalog-cache.ts';
import { createProductsRepository } from '../products.repository.ts';
import { createProductsService } from '../products.service.ts';
import { startSearchIndex, type SearchIndex } from './search-index.ts';

// With short words and a hyphenated one, so that every way of matching meets.
const NAME_WORDS = [...RELATED_NAME_WORDS, 'a', 'sofa-bed', 'bed'];
const BRANDS = ['Lampco', 'Acme', 'acme', null];
const TAGS = ['home', 'phones', 'office', 'garden tools'];
const TYPED = [...RELATED_TYPED_WORDS, 'l', 'la', 'a', 'sofa-b', 'bed', 'zzz'];
const START = Date.UTC(2026, 0, 1);

const productArbitrary = fc.record({
  words: fc.uniqueArray(fc.constantFrom(...NAME_WORDS), { minLength: 1, maxLength: 3 }),
  brand: fc.constantFrom(...BRANDS),
  categories: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 2 }),
  priceCents: fc.integer({ min: 0, max: 60_000 }),
  discount: fc.constantFrom(0, 10, 50),
  ratings: fc.constantFrom(0, 1.5, 2, 4, 4.5, 5),
  reviewsCount: fc.nat(3),
  stock: fc.constantFrom(null, 0, 3),
  flashSale: flashSaleArbitrary,
  // Some share a creation time: `seq` breaks their ties.
  minute: fc.nat(20),
});

/** Every kind of write after the catalog is made, which the index must follow. */
const changeArbitrary = fc.record({
  product: fc.nat(),
  to: fc.oneof(
    fc.record({
      name: fc.constantFrom('lamp desk', 'clamp', 'headphones lampshade', 'Office chair', 'a b c'),
    }),
    fc.record({ priceCents: fc.integer({ min: 0, max: 60_000 }), discount: fc.constantFrom(0, 25) }),
    fc.record({ stock: fc.constantFrom(null, 0, 1, 2) }),
    fc.record({
      brand: fc.constantFrom(...BRANDS),
      categories: fc.constantFrom('', 'home', 'phones office').map((tags) => tags.split(' ').filter(Boolean)),
    }),
    fc
      .record({ ratings: fc.constantFrom(0, 2, 4.5), reviewsCount: fc.nat(5), flashSale: flashSaleArbitrary })
      .map(({ flashSale, ...change }) => ({ ...change, ...flashSale })),
    fc.record({ createdAt: fc.nat(20).map((minute) => new Date(START + minute * 60_000)) }),
    fc.constant('delete' as const),
    fc.constant('insert' as const),
  ),
});

/** A search (most lists) with at most two more filters, so that most lists match something. */
const filterArbitrary = fc
  .record({
    q: fc.option(
      fc
        .uniqueArray(fc.constantFrom(...TYPED), { minLength: 1, maxLength: 2 })
        .map((words) => words.join(' ')),
      { freq: 5, nil: undefined },
    ),
    narrowing: fc.array(
      fc.oneof(
        fc.record({ price_min: fc.constantFrom(0, 10, 100) }),
        fc.record({ price_max: fc.constantFrom(30, 250, 700) }),
        fc.record({ in_stock: fc.constant('true') }),
        fc.record({ rating_min: fc.constantFrom(1.5, 2, 4) }),
        fc.record({ brand: fc.constantFrom(['Lampco'], ['Acme', 'acme'], ['Nobody']) }),
        fc.record({ category: fc.constantFrom('home', 'Garden Tools', 'phones-and-office', 'none') }),
        fc.record({ flash_sale: fc.constantFrom('true', 'false') }),
      ),
      { maxLength: 2 },
    ),
  })
  .map(({ q, narrowing }) => {
    const filter: Record<string, unknown> & { price_min?: number; price_max?: number } = {};
    if (q !== undefined) filter.q = q;
    for (const narrowed of narrowing) Object.assign(filter, narrowed);
    return filter;
  })
  .filter((filter) => (filter.price_min ?? 0) <= (filter.price_max ?? Number.POSITIVE_INFINITY));
const listArbitrary = fc.record({
  filter: filterArbitrary,
  sort: fc.constantFrom(undefined, 'relevance', 'newest', 'server', 'price_asc', 'price_desc', 'rating'),
  limit: fc.constantFrom(3, 100),
  offset: fc.constantFrom(0, 2),
});

describe('the search index', () => {
  // The catalog changes behind the services' backs: without a cache, no answer outlives its catalog.
  const testApp = useTestApp({ CATALOG_CACHE_MB: '0', SEARCH_INDEX: 'false' });
  let index: SearchIndex | undefined;
  afterAll(() => index?.stop());

  it('answers every list and its facets as SQL does, after random writes of every kind', async () => {
    const { database } = testApp;
    const db = database.db;
    const repository = createProductsRepository(db);
    const cache = createCatalogCache(0);
    const services = (searchIndex?: SearchIndex) =>
      createProductsService(
        repository,
        cache,
        shopImageUrls('http://shop.test'),
        async () => undefined,
        searchIndex,
      );
    const fromSql = services();
    const log = pino({ level: 'warn' });
    // Small batches, so that loading reads several.
    const start = () => startSearchIndex(database, { log, batch: 7 });
    index = await start();
    let ready = false;
    // How many lists compared matched something: a property over empty lists would prove nothing.
    let lists = 0;
    let found = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(productArbitrary, { maxLength: 30 }),
        fc.array(changeArbitrary, { maxLength: 8 }),
        fc.array(listArbitrary, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        async (catalog, changes, asked, loadAgain) => {
          await db.delete(products).where(sql`true`);
          const rowOf = ({ words, flashSale, minute, ...product }: (typeof catalog)[number]) =>
            productRow({
              ...product,
              ...flashSale,
              name: words.join(' '),
              createdAt: new Date(START + minute * 60_000),
            });
          const inserted = catalog.length === 0 ? [] : await insertProducts(db, catalog.map(rowOf));
          for (const change of changes) {
            const target = inserted[change.product % Math.max(inserted.length, 1)];
            if (change.to === 'insert')
              await insertProducts(db, [rowOf(catalog[0] ?? fc.sample(productArbitrary, 1)[0]!)]);
            else if (target === undefined) continue;
            else if (change.to === 'delete') await db.delete(products).where(eq(products.id, target.id));
            else await db.update(products).set(change.to).where(eq(products.id, target.id));
          }
          if (loadAgain) {
            await index!.stop();
            index = await start();
          }
          // The index answers once loaded: what is compared is its answer, never SQL's twice.
          while (!(await index!.usable())) await new Promise((resolve) => setTimeout(resolve, 20));
          ready = true;
          const fromIndex = services(index);
          for (const { filter, ...page } of asked) {
            const query = ProductListQuerySchema.parse({ ...filter, ...page });
            const [expected, actual] = [await fromSql.list(query), await fromIndex.list(query)];
            lists += 1;
            if (expected.total > 1) found += 1;
            expect(
              actual.items.map((item) => item._id),
              JSON.stringify(query),
            ).toEqual(expected.items.map((item) => item._id));
            expect({ total: actual.total, capped: actual.capped }).toEqual({
              total: expected.total,
              capped: expected.capped,
            });
            const facetQuery = ProductFilterQuerySchema.parse(filter);
            expect(await fromIndex.facets(facetQuery), JSON.stringify(facetQuery)).toEqual(
              await fromSql.facets(facetQuery),
            );
          }
        },
      ),
      { numRuns: 100 },
    );
    expect(ready).toBe(true);
    expect(found / lists).toBeGreaterThan(0.2);
    // A hundred catalogs, each written and searched on both paths: a minute on a busy machine.
  }, 180_000);
});
