import { desc, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_MAX, TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import { PRICE_BANDS, RATING_BANDS } from '@bazaar/shared/product-facets';
import { ProductListQuerySchema } from '@bazaar/shared/products';
import { parseEnv } from '../../config/env.ts';
import { queryRows, type DatabaseHandle } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { buildApp } from '../../http/app.ts';
import { FIXTURE_SELLER, insertFixtureSeller } from '../../test/product-fixtures.ts';
import { indexedProducts, rankedByOracle } from '../../test/relevance-oracle.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import {
  createProductsRepository,
  FACET_POOL,
  facetQuery,
  FEW_MATCHES,
  listQueries,
  rankedSearchQuery,
  type ProductListFilter,
} from './products.repository.ts';
import { matchAll } from './product-search.ts';

const CATALOG_SIZE = 100_000;
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  // Built inside the database: a 100k catalog in seconds, with names varied enough for trigrams.
  await insertFixtureSeller(database.db);
  await database.db.execute(sql`
    insert into products (name, price_cents, main_image_url, seller_id, flash_sale, flash_sale_ends_at, categories,
      created_at, brand, discount, ratings, stock)
    select
      (array['Aurora','Nimbus','Vertex','Solace','Ember'])[1 + i % 5] || ' ' ||
      (array['Headphones','Kettle','Sneakers','Backpack','Lamp','Watch'])[1 + i % 6] || ' ' || md5(i::text),
      100 + i % 5000, '/images/products/x/1.svg', ${FIXTURE_SELLER.id}, i % 10 = 0,
      case when i % 10 = 0 then now() + interval '1 day' end,
      array[(array['phones','home','kitchen','toys','books'])[1 + i % 5]],
      now() - make_interval(secs => i),
      (array['Acme','Zenith','Umbra','Borealis'])[1 + i % 4] || case when i % 1000 = 0 then ' Rare' else '' end,
      i % 3 * 10, (i % 11) / 2.0, i % 7
    from generate_series(1, ${CATALOG_SIZE}) as i`);
  await database.db.execute(sql`analyze products`);
  // About two minutes on PGlite on a busy two-core machine: more than the suite's hook timeout.
}, 600_000);

afterAll(async () => {
  await database?.close();
});

/**
 * A list query as the route parses it, with its search text replaced by the typed words and its category route value
 * by the tags it matches, as the service does.
 */
async function filterOf(query: Record<string, string | string[]>): Promise<ProductListFilter> {
  const { q, category, seller: _seller, ...filter } = ProductListQuerySchema.parse(query);
  const repository = createProductsRepository(database.db);
  return {
    ...filter,
    words: q === undefined ? undefined : await repository.typedWords(q),
    categoryTags: category === undefined ? undefined : await repository.categoryTagsIn(category),
  };
}

async function explain(built: { sql: string; params: unknown[] }): Promise<string> {
  const explained = await queryRows<{ 'QUERY PLAN': string }>(
    database.db,
    sql.raw(`explain ${inlineParams(built.sql, built.params)}`),
  );
  return explained.map((row) => row['QUERY PLAN']).join('\n');
}

async function planOf(
  query: Record<string, string | string[]>,
  part: 'page' | 'count',
  matches?: number,
): Promise<string> {
  const filter = await filterOf(query);
  if (part === 'page' && filter.sort === 'relevance' && filter.words !== undefined) {
    return explain(new PgDialect().sqlToQuery(rankedSearchQuery({ ...filter, words: filter.words })));
  }
  return explain(listQueries(database.db, filter, matches)[part].toSQL());
}

/** The plan of the facets of `query`. */
async function facetPlanOf(query: Record<string, string | string[]>): Promise<string> {
  return explain(new PgDialect().sqlToQuery(facetQuery(database.db, await filterOf(query))));
}

/** EXPLAIN takes no bind parameters, so the test inlines them as literals. */
function inlineParams(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    if (Array.isArray(value))
      return `array[${value.map((item) => `'${String(item).replaceAll("'", "''")}'`).join(',')}]`;
    return typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : String(value);
  });
}

/** Asserts that `plan` reads no product without an index. */
function expectIndexed(plan: string, label = '') {
  expect(plan, `${label}\n${plan}`).not.toMatch(/Seq Scan on products/);
}

/** Rare words ("d3b07", a hash's letters), a rare brand word, common words, a typo and a prefix, alone and together. */
const SEARCHES = [
  'd3b07',
  'aurora d3b07',
  'hedphones d3b07',
  'rare',
  'kettle',
  'headphones aurora',
  'hedphones',
  'kett',
];

describe(`query plans over ${CATALOG_SIZE.toLocaleString('en')} products`, () => {
  it('ranks a search by relevance (the SQL fallback) from an index, whatever the word', async () => {
    for (const q of SEARCHES) {
      const page = await planOf({ q }, 'page');
      expectIndexed(page, q);
      // A rare word from the search index; a common one may walk the newest first until the pool is full.
      expect(page, page).toMatch(/products_search_idx|Index Scan Backward using products_created_idx/);
      const filtered = await planOf({ q, price_max: '20', in_stock: 'true', rating_min: '2' }, 'page');
      expectIndexed(filtered, q);
    }
  });

  it('counts a search sorted otherwise from the search index, and stops after the matches a client can reach', async () => {
    for (const q of SEARCHES) {
      const count = await planOf({ q, sort: 'price_asc' }, 'count');
      expect(count, count).toMatch(new RegExp(`Limit[^\\n]*\\n.*->.*(Scan|Subquery)`));
      const counted = await createProductsRepository(database.db).count(await filterOf({ q }));
      // A rare word is counted from the search index; a common one may be read in table order until the cap.
      if (counted < 200) {
        expectIndexed(count, q);
        const known = await planOf({ q, sort: 'price_asc' }, 'page', counted);
        expect(known, known).toMatch(/Bitmap Index Scan on products_search_idx/);
      }
    }
  });

  it('pages a search sorted newest first (the header search) that matches few products from the search index', async () => {
    // A name of the planner's sample, with a few characters of its hash: a handful of matches.
    const [sampled] = await queryRows<{ name: string }>(
      database.db,
      sql`select (histogram_bounds::text::text[])[2] as name from pg_stats
          where tablename = 'products' and attname = 'name'`,
    );
    const q = sampled!.name.slice(0, sampled!.name.lastIndexOf(' ') + 3);
    const counted = await createProductsRepository(database.db).count(await filterOf({ q }));
    expect(counted).toBeLessThan(100);
    const known = await planOf({ q, sort: 'newest' }, 'page', counted);
    expect(known, known).toMatch(/Bitmap Index Scan on products_search_idx/);
    expect(known, known).not.toMatch(/products_created_idx|Seq Scan on products/);
    // Many matches (one name in six is a kettle): the newest-first index finds a page of them after a few rows.
    const many = await planOf({ q: 'kettle', sort: 'newest' }, 'page', FEW_MATCHES + 1);
    expect(many, many).toMatch(/Index Scan Backward using products_created_idx/);
  });

  it.each([
    ['the newest page', {}],
    ['a later page', { offset: '1176' }],
    ['the flash-sale list', { flash_sale: 'true' }],
    ['a category page', { category: 'Toys & Games' }],
    ['the cheapest first', { sort: 'price_asc' }],
    ['the dearest first', { sort: 'price_desc' }],
    ['the best rated first', { sort: 'rating' }],
    ['a price range, cheapest first', { price_min: '10', price_max: '20', sort: 'price_asc' }],
    ['a brand, best rated first', { brand: 'Acme', sort: 'rating', rating_min: '4' }],
  ])('reads %s from an index', async (_, query) => {
    const plan = await planOf(query, 'page');
    expect(plan, plan).toMatch(/Index Scan|Bitmap Index Scan/);
    expectIndexed(plan);
  });

  it.each([
    ['no selection', {}],
    ['a rare word', { q: 'd3b07' }],
    ['a common word', { q: 'kettle' }],
    ['a typo', { q: 'hedphones' }],
    [
      'a common word and every group selected',
      {
        q: 'lamp',
        category: 'home',
        brand: ['Acme', 'Zenith'],
        price_min: '10',
        price_max: '30',
        rating_min: '2',
        in_stock: 'true',
      },
    ],
    ['a rare brand', { brand: 'Acme Rare' }],
  ])('counts the facets of %s from indexes', async (_, query) => {
    const plan = await facetPlanOf(query);
    expectIndexed(plan, JSON.stringify(query));
  });
});

describe(`the facets of a common word over ${CATALOG_SIZE.toLocaleString('en')} products`, () => {
  it("count the newest matches of each group's filter when more match than they count", async () => {
    const filter = await filterOf({ q: 'kettle', brand: 'Zenith', rating_min: '1' });
    // Every match, newest first: the test counts the pools itself.
    const matches = await database.db
      .select({
        categories: products.categories,
        brand: products.brand,
        ratings: products.ratings,
        saleCents: products.saleCents,
        stock: products.stock,
      })
      .from(products)
      .where(matchAll(filter.words!))
      .orderBy(desc(products.createdAt), desc(products.seq));
    expect(matches.length).toBeGreaterThan(FACET_POOL);
    type Match = (typeof matches)[number];
    const newest = (keep: (match: Match) => boolean) => matches.filter(keep).slice(0, FACET_POOL);
    const zenith = (match: Match) => match.brand === 'Zenith';
    const rated = (match: Match) => match.ratings >= 1;
    const pool = newest((match) => zenith(match) && rated(match));
    const tally = (values: (string | null)[]) => {
      const counts: Record<string, number> = {};
      for (const value of values) if (value !== null) counts[value] = (counts[value] ?? 0) + 1;
      return counts;
    };
    const asRecord = (counts: { value: string; count: number }[]) =>
      Object.fromEntries(counts.map(({ value, count }) => [value, count]));

    const facets = await createProductsRepository(database.db).facets(filter);
    expect(facets.capped).toBe(true);
    expect(facets.total).toBe(pool.length);
    expect(asRecord(facets.categories)).toEqual(tally(pool.flatMap((match) => match.categories)));
    expect(asRecord(facets.brands)).toEqual(tally(newest(rated).map((match) => match.brand)));
    expect(facets.ratings.map((band) => band.count)).toEqual(
      RATING_BANDS.map((min) => newest(zenith).filter((match) => match.ratings >= min).length),
    );
    expect(facets.prices.map((band) => band.count)).toEqual(
      PRICE_BANDS.map(
        ({ min, max }) =>
          pool.filter(
            ({ saleCents: cents }) =>
              cents !== null && cents >= min * 100 && (max === null || cents < max * 100),
          ).length,
      ),
    );
    expect(facets.in_stock).toBe(pool.filter((match) => match.stock !== 0).length);
  });
});

describe(`a page of a search by relevance over ${CATALOG_SIZE.toLocaleString('en')} products`, () => {
  it('ranks the newest matches a client can reach as the rule says, however many match', async () => {
    const repository = createProductsRepository(database.db);
    const catalog = await indexedProducts(database.db);
    // "kettle" matches 16,667 products, more than are ranked; "home" (a category) and "acme" (a brand) are in no name.
    for (const q of ['kettle', 'hedphones', 'kett', 'home', 'acme', 'aurora kettle', 'd3b07']) {
      const words = await repository.typedWords(q);
      const expected = rankedByOracle(catalog, words, SEARCH_COUNT_MAX + 1);
      for (const offset of [0, 24, 9990]) {
        const { rows, total } = await repository.rankedPageAndCount({
          ...(await filterOf({ q, offset: String(offset) })),
          words,
        });
        expect(total, q).toBe(Math.min(expected.length, SEARCH_COUNT_MAX + 1));
        expect(
          rows.map((row) => row.id),
          `${q} at ${offset}`,
        ).toEqual(expected.slice(offset, offset + 24));
      }
    }
  });
});

describe(`the count of a name search over ${CATALOG_SIZE.toLocaleString('en')} products`, () => {
  it('is exact for a rare word, and capped (and said to be) for a common one', async () => {
    const app = await buildApp({ database, env: parseEnv({}) });
    try {
      const search = (q: string) => app.inject({ method: 'GET', url: `/api/products?q=${q}&limit=12` });
      const rare = await search('d3b07');
      expect(Number(rare.headers[TOTAL_COUNT_HEADER])).toBeLessThan(100);
      expect(rare.headers[TOTAL_COUNT_CAPPED_HEADER]).toBeUndefined();
      // One product in six is a kettle: 16,667 of them.
      const common = await search('kettle');
      expect(Number(common.headers[TOTAL_COUNT_HEADER])).toBe(SEARCH_COUNT_MAX);
      expect(common.headers[TOTAL_COUNT_CAPPED_HEADER]).toBe('true');
      expect(common.json()).toHaveLength(12);
      // Lists that are not searches keep their exact count.
      const all = await app.inject({ method: 'GET', url: '/api/products?limit=1' });
      expect(Number(all.headers[TOTAL_COUNT_HEADER])).toBe(CATALOG_SIZE);
    } finally {
      await app.close();
    }
  });
});
