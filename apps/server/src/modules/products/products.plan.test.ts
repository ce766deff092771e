import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductListQuerySchema } from '@bazaar/shared/products';
import { queryRows, type DatabaseHandle } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { listQueries } from './products.repository.ts';

const CATALOG_SIZE = 100_000;
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  // Built inside the database: a 100k catalog in seconds, with names varied enough for trigrams.
  await database.db.execute(sql`
    insert into products (name, price_cents, main_image_url, added_by, flash_sale, categories, created_at)
    select
      (array['Aurora','Nimbus','Vertex','Solace','Ember'])[1 + i % 5] || ' ' ||
      (array['Headphones','Kettle','Sneakers','Backpack','Lamp','Watch'])[1 + i % 6] || ' ' || md5(i::text),
      100 + i % 5000, '/images/products/x/1.svg', 'seller@bazaar.test', i % 10 = 0,
      array[(array['phones','home','kitchen','toys','books'])[1 + i % 5]],
      now() - make_interval(secs => i)
    from generate_series(1, ${CATALOG_SIZE}) as i`);
  await database.db.execute(sql`analyze products`);
});

afterAll(async () => {
  await database?.close();
});

async function planOf(query: Record<string, string>, part: 'page' | 'count'): Promise<string> {
  const built = listQueries(database.db, ProductListQuerySchema.parse(query))[part].toSQL();
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
  it.each([
    ['a rare name search', { q: 'd3b07' }],
    ['a common name search', { q: 'kettle' }],
  ])('answers %s and its count from the trigram index, never a sequential scan', async (_, query) => {
    for (const part of ['page', 'count'] as const) {
      const plan = await planOf(query, part);
      expect(plan, plan).not.toMatch(/Seq Scan on products/);
    }
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
