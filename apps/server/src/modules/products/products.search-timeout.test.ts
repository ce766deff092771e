import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { FIXTURE_SELLER, insertFixtureSeller } from '../../test/product-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

/** PGlite runs each statement to its end (no timers in its one process): only PostgreSQL stops a slow search. */
describe.runIf(testEngine === 'postgres')('a search that runs past SEARCH_TIMEOUT_MS (PostgreSQL)', () => {
  // One millisecond: every search of thousands of matches runs longer. The SQL that answers while the search index
  // is loading or deaf is what the timeout bounds: the index reads no statement.
  const testApp = useTestApp({ SEARCH_TIMEOUT_MS: '1', SEARCH_INDEX: 'false' });

  beforeAll(async () => {
    await insertFixtureSeller(testApp.database.db);
    await testApp.database.db.execute(sql`
      insert into products (name, price_cents, main_image_url, seller_id, categories)
      select 'Kettle ' || i, 100 + i, '/images/products/kettle/1.svg', ${FIXTURE_SELLER.id}, array['kitchen']
      from generate_series(1, 20000) as i`);
  });

  it.each([
    ['a search by relevance', '/api/products?q=kettle'],
    ['a search sorted by price', '/api/products?q=kettle&sort=price_asc'],
    ['the facets of a search', '/api/products/facets?q=kettle'],
  ])('answers %s with 503, Retry-After and a plain message, never a 500', async (_, url) => {
    const response = await testApp.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      error: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/took too long/) as string,
    });
  });

  it('leaves the pooled connections without a timeout, and lists without words unbounded', async () => {
    const list = await testApp.app.inject({ method: 'GET', url: '/api/products?limit=2' });
    expect(list.statusCode, list.body).toBe(200);
    // Every connection of the pool (4 in tests) answers with the server's default.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        queryRows<{ statement_timeout: string }>(testApp.database.db, sql`show statement_timeout`),
      ),
    );
    expect(settings.map(([row]) => row?.statement_timeout)).toEqual(['0', '0', '0', '0']);
  });
});
