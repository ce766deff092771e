import { beforeAll, expect, it } from 'vitest';
import { SEARCH_COUNT_MAX, TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import { sql } from 'drizzle-orm';
import { FIXTURE_SELLER, insertFixtureSeller } from '../../test/product-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

const testApp = useTestApp();

beforeAll(async () => {
  // More kettles than a search counts; one in ten is a Zenith, fewer than that.
  await insertFixtureSeller(testApp.database.db);
  await testApp.database.db.execute(sql`
    insert into products (name, brand, price_cents, main_image_url, seller_id)
    select 'Kettle', case when i % 10 = 0 then 'Zenith' end, 100, '/images/products/kettle/1.svg', ${FIXTURE_SELLER.id}
    from generate_series(1, ${SEARCH_COUNT_MAX + 100}) as i`);
});

it('answers a cached repeat of a capped search with the same capped count as the first answer', async () => {
  const url = '/api/products?q=kettle&limit=2';
  const first = await testApp.app.inject({ method: 'GET', url });
  expect(first.statusCode, first.body).toBe(200);
  expect(first.headers[TOTAL_COUNT_HEADER]).toBe(String(SEARCH_COUNT_MAX));
  expect(first.headers[TOTAL_COUNT_CAPPED_HEADER]).toBe('true');

  const repeat = await testApp.app.inject({ method: 'GET', url });
  expect(repeat.statusCode).toBe(200);
  // Served by the cache: the same entity tag, and the same headers a client reads the count from.
  expect(repeat.headers.etag).toBe(first.headers.etag);
  expect(repeat.headers[TOTAL_COUNT_HEADER]).toBe(String(SEARCH_COUNT_MAX));
  expect(repeat.headers[TOTAL_COUNT_CAPPED_HEADER]).toBe('true');
  expect(repeat.body).toBe(first.body);
});

it('keeps an uncapped search uncapped when repeated', async () => {
  const url = '/api/products?q=kettle%20zenith&limit=2';
  const first = await testApp.app.inject({ method: 'GET', url });
  const repeat = await testApp.app.inject({ method: 'GET', url });
  expect(first.statusCode, first.body).toBe(200);
  expect(repeat.headers.etag).toBe(first.headers.etag);
  expect(repeat.headers[TOTAL_COUNT_CAPPED_HEADER]).toBeUndefined();
  expect(repeat.headers[TOTAL_COUNT_HEADER]).toBe(first.headers[TOTAL_COUNT_HEADER]);
});
