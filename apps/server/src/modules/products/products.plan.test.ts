import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_MAX, TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import { ProductListQuerySchema } from '@bazaar/shared/products';
import { parseEnv } from '../../config/env.ts';
import { queryRows, type DatabaseHandle } from '../../db/client.ts';
import { buildApp } from '../../http/app.ts';
import { FIXTURE_SELLER, insertFixtureSeller } from '../../test/product-fixtures.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import {
  createProductsRepository,
  FEW_MATCHES,
  listQueries,
  type ProductListFilter,
} from './products.repository.ts';

const CATALOG_SIZE = 100_000;
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  // Built inside the database: a 100k catalog in seconds, with names varied enough for trigrams.
  await insertFixtureSeller(database.db);
  await database.db.execute(sql`
    insert into products (name, price_cents, main_image_url, seller_id, flash_sale, categories, created_at)
    select
      (array['Aurora','Nimbus','Vertex','Solace','Ember'])[1 + i % 5] || ' ' ||
      (array['Headphones','Kettle','Sneakers','Backpack','Lamp','Watch'])[1 + i % 6] || ' ' || md5(i::text),
      100 + i % 5000, '/images/products/x/1.svg', ${FIXTURE_SELLER.id}, i % 10 = 0,
      array[(array['phones','home','kitchen','toys','books'])[1 + i % 5]],
      now() - make_interval(secs => i)
    from generate_series(1, ${CATALOG_SIZE}) as i`);
  await database.db.execute(sql`analyze products`);
});

afterAll(async () => {
  await database?.close();
});

/** A list query as the route parses it, with its category route value replaced by the tags it matches. */
async function filterOf(query: Record<string, string>): Promise<ProductListFilter> {
  const { category, ...filter } = ProductListQuerySchema.parse(query);
  if (category === undefined) return filter;
  return { ...filter, categoryTags: await createProductsRepository(database.db).categoryTagsIn(category) };
}

async function planOf(
  query: Record<string, string>,
  part: 'page' | 'count',
  matches?: number,
): Promise<string> {
  const built = listQueries(database.db, await filterOf(query), matches)[part].toSQL();
  const explained = await queryRows<{ 'QUERY PLAN': string }>(
    database.db,
    sql.raw(`explain ${inlineParams(built.sql, built.params)}`),
  );
  return explained.map((row) => row['QUERY PLAN']).join('\n');
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

describe(`query plans over ${CATALOG_SIZE.toLocaleString('en')} products`, () => {
  it('answers a rare name search and its count from the trigram index, never a sequential scan', async () => {
    for (const part of ['page', 'count'] as const) {
      const plan = await planOf({ q: 'd3b07' }, part);
      expect(plan, plan).not.toMatch(/Seq Scan on products/);
    }
  });

  it('pages a common name search from an index, and stops counting after the matches a client can reach', async () => {
    const page = await planOf({ q: 'kettle' }, 'page');
    expect(page, page).not.toMatch(/Seq Scan on products/);
    // A scan (of any kind) under this Limit ends after SEARCH_COUNT_MAX + 1 matches, at any catalog size.
    const count = await planOf({ q: 'kettle' }, 'count');
    expect(count, count).toMatch(new RegExp(`Limit[^\\n]*\\n.*->.*(Scan|Subquery)`));
  });

  it('pages a search that the planner takes for common, but that matches few products, from the trigram index', async () => {
    // A pattern found in the planner's sample of names is estimated to match 1% of the catalog; with a few
    // characters of the hash it matches a handful.
    const [sampled] = await queryRows<{ name: string }>(
      database.db,
      sql`select (histogram_bounds::text::text[])[2] as name from pg_stats
          where tablename = 'products' and attname = 'name'`,
    );
    const q = sampled!.name.slice(0, sampled!.name.lastIndexOf(' ') + 3);
    const [counted] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from products where name ilike ${`%${q}%`}`,
    );
    expect(counted!.n).toBeLessThan(100);
    const unknown = await planOf({ q }, 'page');
    expect(unknown, `${q}: ${unknown}`).toMatch(/Index Scan Backward using products_created_idx/);
    const known = await planOf({ q }, 'page', counted!.n);
    expect(known, known).toMatch(/Bitmap Index Scan on products_name_trgm_idx/);
    expect(known, known).not.toMatch(/products_created_idx|Seq Scan on products/);
    // Many matches (one name in six is a kettle): the newest-first index finds a page of them after a few rows.
    const many = await planOf({ q: 'kettle' }, 'page', FEW_MATCHES + 1);
    expect(many, many).toMatch(/Index Scan Backward using products_created_idx/);
  });

  it.each([
    ['the newest page', {}],
    ['a later page', { offset: '1176' }],
    ['the flash-sale list', { flash_sale: 'true' }],
    ['a category page', { category: 'Toys & Games' }],
  ])('reads %s from an index', async (_, query) => {
    const plan = await planOf(query, 'page');
    expect(plan, plan).toMatch(/Index Scan|Bitmap Index Scan/);
    expect(plan, plan).not.toMatch(/Seq Scan on products/);
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
