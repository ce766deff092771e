import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Product } from '@bazaar/shared/products';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { LISTENER_APPLICATION_NAME } from '../../db/listen.ts';
import { buildApp } from '../../http/app.ts';
import { asBearer, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createPostgresDatabase, testEngine } from '../../test/test-database.ts';

/** Two server processes on one PostgreSQL database, each with its own pool, listener and cache. */
interface Server {
  app: FastifyInstance;
  database: DatabaseHandle;
  reads: MockInstance;
}

let drop = async () => {};
let a: Server;
let b: Server;
let seller: TestAccount;
let productId: string;

async function startServer(url: string, env: TestApp['env']): Promise<Server> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  await database.migrate();
  const app = await buildApp({ database, env });
  return { app, database, reads: vi.spyOn(database.db, 'select') };
}

async function read(server: Server, url = `/api/products/${productId}`) {
  server.reads.mockClear();
  const response = await server.app.inject({ method: 'GET', url });
  return { product: response.json<Product>(), fromDatabase: server.reads.mock.calls.length > 0 };
}

const rename = (name: string) =>
  a.app.inject({
    method: 'PATCH',
    url: `/api/products/${productId}`,
    headers: asBearer(seller),
    payload: { name },
  });

/** B's answer becomes `name` once it hears of A's write: bounded, not a fixed sleep. */
async function expectSeenByB(name: string) {
  await vi.waitFor(async () => expect((await read(b)).product.name).toBe(name), {
    timeout: 5000,
    interval: 20,
  });
}

describe.runIf(testEngine === 'postgres')('two server processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    const postgres = await createPostgresDatabase({ migrated: true });
    drop = postgres.drop;
    // The env a test app gets (admins, rate limits); its own database is not used.
    const template = await createTestApp();
    const env = template.env;
    await template.close();
    a = await startServer(postgres.url, env);
    b = await startServer(postgres.url, env);
    seller = await signUp(a.app, 'two-processes@bazaar.test');
    const [row] = await insertProducts(a.database.db, [productRow({ sellerId: seller.id })]);
    productId = row!.id;
  });

  afterAll(async () => {
    for (const server of [a, b]) {
      await server?.app.close();
      await server?.database.close();
    }
    await drop();
  });

  it('shows a product written through A on B right after the write is announced', async () => {
    await read(b);
    expect((await read(b)).fromDatabase).toBe(false);
    expect((await rename('Renamed on A')).statusCode).toBe(200);
    await expectSeenByB('Renamed on A');
  });

  it('bypasses the cache on B while its listener is down, and caches again once it is back', async () => {
    await read(b);
    expect((await read(b)).fromDatabase).toBe(false);

    await a.database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`);
    // Deaf to other processes' writes, B must read the database for every answer.
    await vi.waitFor(
      async () => {
        expect((await read(b)).fromDatabase).toBe(true);
        expect((await read(b)).fromDatabase).toBe(true);
      },
      { timeout: 5000, interval: 10 },
    );
    expect((await rename('Renamed while B was deaf')).statusCode).toBe(200);
    expect((await read(b)).product.name).toBe('Renamed while B was deaf');

    // Reconnected (after a second or so), B caches again and hears A's writes again.
    await vi.waitFor(
      async () => {
        await read(b);
        expect((await read(b)).fromDatabase).toBe(false);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect((await rename('Renamed after B came back')).statusCode).toBe(200);
    await expectSeenByB('Renamed after B came back');
  });
});
