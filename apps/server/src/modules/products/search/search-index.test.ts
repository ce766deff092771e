import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { insertProducts, productRow } from '../../../test/product-fixtures.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { startSearchIndex, type SearchIndex } from './search-index.ts';

describe('loading the search index', () => {
  const testApp = useTestApp({ SEARCH_INDEX: 'false' });
  let index: SearchIndex | undefined;
  afterAll(() => index?.stop());

  it('reads every product in batches, those created at the same moment too, in their order', async () => {
    // Twelve at one moment, seq 6 to 17: in text order 10…17 would come before 6…9, and be read as the last.
    await testApp.database.db.execute(sql`select setval(pg_get_serial_sequence('products', 'seq'), 5)`);
    const createdAt = new Date(Date.UTC(2026, 0, 1));
    const rows = await insertProducts(
      testApp.database.db,
      Array.from({ length: 12 }, () => productRow({ createdAt })),
    );
    index = await startSearchIndex(testApp.database, { log: pino({ level: 'warn' }), batch: 4 });
    while (!(await index.usable())) await new Promise((resolve) => setTimeout(resolve, 10));

    const { ids, total } = index.page({
      brand: undefined,
      flash_sale: undefined,
      in_stock: undefined,
      sort: 'newest',
      limit: 100,
      offset: 0,
    });
    expect(total).toBe(12);
    expect(ids).toEqual(rows.map((row) => row.id).reverse());
  });
});
