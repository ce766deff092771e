import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { buildApp } from '../../http/app.ts';
import { asBearer, asCookie, signUp, TEST_ORIGIN } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createPostgresDatabase, testEngine } from '../../test/test-database.ts';

/** A server process of its own: its own pool on the shared database. */
interface Server {
  app: FastifyInstance;
  database: DatabaseHandle;
}

let drop = async () => {};
let a: Server;
let b: Server;

async function startServer(url: string, env: TestApp['env']): Promise<Server> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  await database.migrate();
  return { app: await buildApp({ database, env }), database };
}

const ordersStatus = async (server: Server, headers: Record<string, string>) =>
  (await server.app.inject({ method: 'GET', url: '/api/orders', headers })).statusCode;

const postAuth = (server: Server, path: string, headers: Record<string, string>) =>
  server.app.inject({
    method: 'POST',
    url: `/api/auth/${path}`,
    headers: { origin: TEST_ORIGIN, ...headers },
    payload: {},
  });

describe.runIf(testEngine === 'postgres')('sessions across two server processes', () => {
  beforeAll(async () => {
    const postgres = await createPostgresDatabase();
    drop = postgres.drop;
    const template = await createTestApp();
    const env = template.env;
    await template.close();
    a = await startServer(postgres.url, env);
    b = await startServer(postgres.url, env);
  });

  afterAll(async () => {
    for (const server of [a, b]) {
      await server?.app.close();
      await server?.database.close();
    }
    await drop();
  });

  it('refuses a session signed out on A on B as soon as A answers', async () => {
    const account = await signUp(a.app, 'signed-out@bazaar.test');
    expect(await ordersStatus(b, asBearer(account))).toBe(200);
    expect(await ordersStatus(b, asCookie(account))).toBe(200);
    expect((await postAuth(a, 'sign-out', asBearer(account))).statusCode).toBe(200);
    expect(await ordersStatus(b, asBearer(account))).toBe(401);
    expect(await ordersStatus(b, asCookie(account))).toBe(401);
  });

  it('refuses every session revoked on B on A as soon as B answers', async () => {
    const account = await signUp(a.app, 'revoked-everywhere@bazaar.test');
    expect(await ordersStatus(a, asCookie(account))).toBe(200);
    expect((await postAuth(b, 'revoke-sessions', asBearer(account))).statusCode).toBe(200);
    expect(await ordersStatus(a, asBearer(account))).toBe(401);
    expect(await ordersStatus(a, asCookie(account))).toBe(401);
  });
});
