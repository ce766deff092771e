import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Product } from '@bazaar/shared/products';
import { LISTENER_APPLICATION_NAME } from '../../../db/listen.ts';
import { asBearer, signUp, type TestAccount } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { testEngine } from '../../../test/test-database.ts';
import { createTwoServers } from '../../../test/two-servers.ts';

/**
 * A server process with its own pool, listeners and search index; `searchesInSql` records the transactions in which
 * SQL searches run (each under its statement timeout), which the index's answers never open.
 */
type Server = TestApp & { searchesInSql: MockInstance };

let close = async () => {};
let a: Server;
let b: Server;
let seller: TestAccount;

const health = async (server: Server) =>
  (await server.app.inject({ method: 'GET', url: '/api/health' })).json<{
    searchIndex: { ready: boolean; products: number };
  }>().searchIndex;

/** B's search for `q`, and whether B answered it from SQL (its search statements) rather than its index. */
async function searchOnB(q: string) {
  b.searchesInSql.mockClear();
  const response = await b.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(q)}` });
  expect(response.statusCode, response.body).toBe(200);
  const fromSql = b.searchesInSql.mock.calls.length > 0;
  return { names: response.json<Product[]>().map((product) => product.name), fromSql };
}

describe.runIf(testEngine === 'postgres')('the search index of two server processes', () => {
  beforeAll(async () => {
    // No cache of answers: every search is asked anew.
    const two = await createTwoServers({ CATALOG_CACHE_MB: '0' });
    close = two.close;
    const watched = (server: TestApp): Server => ({
      ...server,
      searchesInSql: vi.spyOn(server.database.db, 'transaction'),
    });
    [a, b] = [watched(two.servers[0]), watched(two.servers[1])];
    seller = await signUp(a.app, 'two-indexes@bazaar.test');
    await vi.waitFor(async () => expect((await health(b)).ready).toBe(true), {
      timeout: 10_000,
      interval: 20,
    });
  });

  afterAll(() => close());

  it("finds a product written through A in B's index at once, changed, and not once it is gone", async () => {
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: asBearer(seller),
      payload: { name: 'Zanzibar desk lamp', price: 20, categories: ['home'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Product>()._id;
    expect(await searchOnB('zanzibar')).toEqual({ names: ['Zanzibar desk lamp'], fromSql: false });

    const renamed = await a.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      headers: asBearer(seller),
      payload: { name: 'Quetzal floor lamp' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await searchOnB('zanzibar')).toEqual({ names: [], fromSql: false });
    expect(await searchOnB('quetzal flo')).toEqual({ names: ['Quetzal floor lamp'], fromSql: false });

    const removed = await a.app.inject({
      method: 'DELETE',
      url: `/api/products/${id}`,
      headers: asBearer(seller),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await searchOnB('quetzal')).toEqual({ names: [], fromSql: false });
  });

  it('answers from SQL, still right, while B cannot hear; then loads again and answers from its index', async () => {
    await a.database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`);
    await vi.waitFor(async () => expect((await health(b)).ready).toBe(false), {
      timeout: 5000,
      interval: 10,
    });
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: asBearer(seller),
      payload: { name: 'Okapi reading lamp', price: 30 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await searchOnB('okapi')).toEqual({ names: ['Okapi reading lamp'], fromSql: true });

    // Listening again (after a second or so), B loads the catalog again, with what it missed.
    await vi.waitFor(async () => expect((await health(b)).ready).toBe(true), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await searchOnB('okapi')).toEqual({ names: ['Okapi reading lamp'], fromSql: false });
  });
});
