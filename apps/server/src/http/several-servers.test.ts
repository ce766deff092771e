import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@bazaar/shared/orders';
import { TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import type { Product } from '@bazaar/shared/products';
import { DEMO_PRODUCT_COUNT } from '../db/seed/seed-on-start.ts';
import { orderBody } from '../test/order-fixtures.ts';
import { asBearer, asCookie, TEST_PASSWORD, type TestAccount } from '../test/accounts.ts';
import { call, serverProcesses, signUpOver, type ServerProcess } from '../test/server-process.ts';
import { TEST_ADMIN_EMAIL } from '../test/test-app.ts';
import { createPostgresDatabase, testEngine } from '../test/test-database.ts';

const RATE_LIMIT_MAX = 3;
// Both servers behind one load balancer: one public address, the client's address in X-Forwarded-For.
const PUBLIC_URL = 'http://shop.localhost';

const servers = serverProcesses();
let dropPostgres = async () => {};
let a: ServerProcess;
let b: ServerProcess;

/** Each test comes from its own client address, so that the sign-in limits of one do not reach another. */
const from = (ip: string) => ({ 'x-forwarded-for': ip });

const sessionOf = async (server: ServerProcess, headers: Record<string, string>) =>
  (await call<{ user: { email: string } } | null>(server, 'GET', '/api/auth/get-session', { headers })).body;

/** What the sign-in guard of a signed-in route answers: 200 for a live session, 401 for none. */
const ordersStatus = async (server: ServerProcess, headers: Record<string, string>) =>
  (await call(server, 'GET', '/api/orders', { headers })).status;

// Several server processes share one database only on PostgreSQL: a PGlite data directory belongs to one process.
describe.skipIf(testEngine !== 'postgres')('two server processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    const postgres = await createPostgresDatabase({ migrated: true });
    dropPostgres = postgres.drop;
    const env = {
      DATABASE_URL: postgres.url,
      PUBLIC_URL,
      TRUST_PROXY: 'true',
      ADMIN_EMAILS: TEST_ADMIN_EMAIL,
      AUTH_RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
      SEED_ON_START: 'true',
    };
    // Started together on an empty database, as a deployment of two replicas does.
    [a, b] = await Promise.all([servers.start(env), servers.start(env)]);
    // Two server starts, one after the other's migrations and seed, on a busy machine.
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await dropPostgres();
  });

  it('both start at once on an empty database, which is migrated and seeded once', async () => {
    for (const server of [a, b]) {
      const list = await call(server, 'GET', '/api/products?limit=1');
      expect(list.status, list.text).toBe(200);
      expect(list.headers.get(TOTAL_COUNT_HEADER)).toBe(String(DEMO_PRODUCT_COUNT));
    }
  });

  describe('a session made on A', () => {
    let buyer: TestAccount;
    beforeAll(async () => {
      buyer = await signUpOver(a, 'two-servers-buyer@bazaar.test', from('198.51.100.1'));
    });

    it('is known to B, by bearer token and by cookie', async () => {
      expect(await sessionOf(b, asBearer(buyer))).toMatchObject({ user: { email: buyer.email } });
      expect(await sessionOf(b, asCookie(buyer))).toMatchObject({ user: { email: buyer.email } });
      expect(await ordersStatus(b, asBearer(buyer))).toBe(200);
      expect(await ordersStatus(b, asCookie(buyer))).toBe(200);
    });

    it('places an order on B with its cookie', async () => {
      const [product] = (await call<Product[]>(b, 'GET', '/api/products?limit=1')).body;
      const order = await call(b, 'POST', '/api/orders', {
        headers: { ...asCookie(buyer), origin: PUBLIC_URL, [IDEMPOTENCY_KEY_HEADER]: 'cookie-on-b' },
        body: orderBody([product!._id]),
      });
      expect(order.status, order.text).toBe(201);
    });

    it('ends on B at once when it is signed out on A', async () => {
      const out = await call(a, 'POST', '/api/auth/sign-out', {
        headers: { ...asCookie(buyer), origin: PUBLIC_URL },
        body: {},
      });
      expect(out.status, out.text).toBe(200);
      expect(await ordersStatus(b, asBearer(buyer))).toBe(401);
      expect(await ordersStatus(b, asCookie(buyer))).toBe(401);
      expect(await sessionOf(b, asBearer(buyer))).toBeNull();
      expect(await sessionOf(b, asCookie(buyer))).toBeNull();
    });
  });

  it('ends every session of an account on A at once when they are revoked on B', async () => {
    const account = await signUpOver(a, 'two-servers-revoked@bazaar.test', from('198.51.100.4'));
    expect(await ordersStatus(a, asCookie(account))).toBe(200);
    const revoked = await call(b, 'POST', '/api/auth/revoke-sessions', {
      headers: { ...asBearer(account), origin: PUBLIC_URL },
      body: {},
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect(await ordersStatus(a, asBearer(account))).toBe(401);
    expect(await ordersStatus(a, asCookie(account))).toBe(401);
  });

  it(`counts sign-in attempts made on A and B together: the ${RATE_LIMIT_MAX + 1}th is refused on either`, async () => {
    const attempt = (server: ServerProcess, n: number) =>
      call(server, 'POST', '/api/auth/sign-in/email', {
        headers: { origin: PUBLIC_URL, ...from('198.51.100.20') },
        body: { email: `guess-${n}@bazaar.test`, password: TEST_PASSWORD },
      });
    const statuses = [];
    for (const [n, server] of [a, b, a, b, a].entries()) statuses.push((await attempt(server, n)).status);
    expect(statuses).toEqual([
      ...Array<number>(RATE_LIMIT_MAX).fill(401),
      ...Array<number>(5 - RATE_LIMIT_MAX).fill(429),
    ]);
  });

  describe('a product written through A', () => {
    let seller: TestAccount;
    let productId: string;
    const newest = '/api/products?sort=newest&limit=5';

    /** What B answers right after A's write was answered: no waiting, no retry. */
    async function onB<Body>(path: string) {
      return call<Body>(b, 'GET', path);
    }

    /** Reads `path` on B twice, so that B answers it from its cache until it hears of a write. */
    async function warm(path: string) {
      await onB(path);
      await onB(path);
    }

    beforeAll(async () => {
      seller = await signUpOver(a, 'two-servers-seller@bazaar.test', from('198.51.100.30'));
    });

    it('is listed on B as soon as A has created it', async () => {
      await warm(newest);
      const created = await call<Product>(a, 'POST', '/api/products', {
        headers: asBearer(seller),
        body: { name: 'Made on A', price: 12.5 },
      });
      expect(created.status, created.text).toBe(201);
      productId = created.body._id;
      const names = (await onB<Product[]>(newest)).body.map((product) => product.name);
      expect(names[0]).toBe('Made on A');
    });

    it('shows each edit on B as soon as A has made it', async () => {
      for (let n = 1; n <= 20; n += 1) {
        await warm(`/api/products/${productId}`);
        await warm(newest);
        const edited = await call(a, 'PATCH', `/api/products/${productId}`, {
          headers: asBearer(seller),
          body: { name: `Edit ${n} on A`, price: 12.5 + n },
        });
        expect(edited.status, edited.text).toBe(200);
        expect((await onB<Product>(`/api/products/${productId}`)).body).toMatchObject({
          name: `Edit ${n} on A`,
          price: 12.5 + n,
        });
        expect((await onB<Product[]>(newest)).body[0]?.name).toBe(`Edit ${n} on A`);
      }
    });

    it('is gone on B as soon as A has deleted it', async () => {
      await warm(`/api/products/${productId}`);
      await warm(newest);
      const deleted = await call(a, 'DELETE', `/api/products/${productId}`, { headers: asBearer(seller) });
      expect(deleted.status, deleted.text).toBe(200);
      expect((await onB(`/api/products/${productId}`)).status).toBe(404);
      const ids = (await onB<Product[]>(newest)).body.map((product) => product._id);
      expect(ids).not.toContain(productId);
    });
  });
});
