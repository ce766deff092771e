import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isNotNull } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_HEADER } from '@bazaar/shared/orders';
import { TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import type { Product } from '@bazaar/shared/products';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { mailOutbox } from './db/schema.ts';
import { DEMO_PRODUCT_COUNT } from './demo/seed-on-start.ts';
import { mailBody, queueMail } from './modules/mail/mail.module.ts';
import { accountOf, asBearer, asCookie, TEST_PASSWORD, type TestAccount } from './test/accounts.ts';
import { orderBody } from './test/order-fixtures.ts';
import { outboxDrained } from './test/outbox.ts';
import { serverProcesses, type ServerProcess } from './test/server-process.ts';
import { TEST_PUBLIC_URL } from './test/test-app.ts';
import { testEngine } from './test/test-database.ts';
import { startTestSmtpServer, type TestSmtpServer } from './test/test-smtp-server.ts';
import { childPids } from './test/process-tree.ts';
import { connectionPerWorker, ownerOfConnection, type PinnedConnection } from './test/worker-connections.ts';

// The built server with WEB_CONCURRENCY=2: one primary, two workers on one port. Each test talks to a chosen
// worker through a connection that worker holds (found through /proc, not through anything the server says).
const servers = serverProcesses();
const RATE_LIMIT_MAX = 3;

/** Each test comes from its own client address, so that the sign-in limits of one do not reach another. */
const from = (ip: string) => ({ 'x-forwarded-for': ip });

async function signUpOn(connection: PinnedConnection, email: string, ip: string): Promise<TestAccount> {
  const name = email.split('@')[0]!;
  const answer = await connection.call('POST', '/api/auth/sign-up/email', {
    headers: { origin: TEST_PUBLIC_URL, ...from(ip) },
    body: { name, email, password: TEST_PASSWORD },
  });
  if (answer.status !== 200) throw new Error(`sign-up of ${email} failed: ${answer.status} ${answer.text}`);
  const setCookie = answer.headers['set-cookie'] ?? [];
  return accountOf(email, name, {
    token: answer.headers['set-auth-token'],
    setCookie: Array.isArray(setCookie) ? setCookie : [setCookie],
    body: answer.body,
  });
}

describe('WEB_CONCURRENCY above 1', () => {
  it('is refused without DATABASE_URL, with a message: a PGlite data directory belongs to one process', async () => {
    const server = await servers.exit({ DATA_DIR: await servers.dataDir(), WEB_CONCURRENCY: '2' });
    expect(server.code).toBe(1);
    expect(server.output).toContain(
      'WEB_CONCURRENCY: expected 1 without DATABASE_URL: the embedded database (PGlite) belongs to one process',
    );
    expect(server.output).not.toMatch(/^\s+at /m);
  });
});

// Several processes share one database only on PostgreSQL; on PGlite the shop refuses them (above).
describe.skipIf(testEngine !== 'postgres')('two worker processes behind one port on PostgreSQL', () => {
  let smtp: TestSmtpServer;
  let database: DatabaseHandle;
  let server: ServerProcess;
  let workers: number[];
  let a: PinnedConnection;
  let b: PinnedConnection;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    const storage = await servers.storage();
    server = await servers.start({
      ...storage,
      WEB_CONCURRENCY: '2',
      SEED_ON_START: 'true',
      PUBLIC_URL: TEST_PUBLIC_URL,
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
      SMTP_URL: smtp.url,
      REQUIRE_EMAIL_VERIFICATION: 'false',
    });
    database = await openDatabase({ databaseUrl: storage.DATABASE_URL, poolSize: 2 });
    workers = await childPids(server.pid);
    // /api/health answered once the first worker listened; the second may still be starting.
    const connections = await vi.waitFor(() => connectionPerWorker(server, workers), {
      timeout: 60_000,
      interval: 200,
    });
    a = connections.get(workers[0]!)!;
    b = connections.get(workers[1]!)!;
  }, 120_000);

  afterAll(async () => {
    a?.close();
    b?.close();
    await database?.close();
    await smtp?.close();
  });

  it('runs two workers, each answering connections, on a database migrated and seeded once', async () => {
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(server.pid);
    for (const connection of [a, b]) {
      const list = await connection.call('GET', '/api/products?limit=1');
      expect(list.status, list.text).toBe(200);
      expect(list.headers[TOTAL_COUNT_HEADER]).toBe(String(DEMO_PRODUCT_COUNT));
    }
    expect(await ownerOfConnection(server, a.port()!, workers)).toBe(workers[0]);
    expect(await ownerOfConnection(server, b.port()!, workers)).toBe(workers[1]);
  });

  it('ends a session on one worker as soon as it is signed out through the other', async () => {
    const buyer = await signUpOn(a, 'cluster-buyer@bazaar.test', '198.51.100.1');
    expect((await b.call('GET', '/api/orders', { headers: asBearer(buyer) })).status).toBe(200);
    expect((await b.call('GET', '/api/orders', { headers: asCookie(buyer) })).status).toBe(200);
    const out = await a.call('POST', '/api/auth/sign-out', { headers: asCookie(buyer), body: {} });
    expect(out.status, out.text).toBe(200);
    expect((await b.call('GET', '/api/orders', { headers: asBearer(buyer) })).status).toBe(401);
    expect((await b.call('GET', '/api/orders', { headers: asCookie(buyer) })).status).toBe(401);
  });

  it(`counts sign-in attempts through both workers together: the ${RATE_LIMIT_MAX + 1}th is refused on either`, async () => {
    const statuses = [];
    for (const [n, connection] of [a, b, a, b, a].entries()) {
      const attempt = await connection.call('POST', '/api/auth/sign-in/email', {
        headers: { origin: TEST_PUBLIC_URL, ...from('198.51.100.20') },
        body: { email: `cluster-guess-${n}@bazaar.test`, password: TEST_PASSWORD },
      });
      statuses.push(attempt.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('shows a product created and edited through one worker in the other at once', async () => {
    const seller = await signUpOn(a, 'cluster-seller@bazaar.test', '198.51.100.30');
    const newest = '/api/products?sort=newest&limit=5';
    const newestOnB = async () =>
      (await b.call<Product[]>('GET', newest)).body.map((product) => product.name);
    // Read twice, so that B answers from its cache until it hears of a write.
    await newestOnB();
    await newestOnB();
    const created = await a.call<Product>('POST', '/api/products', {
      headers: asBearer(seller),
      body: { name: 'Made on worker A', price: 12.5 },
    });
    expect(created.status, created.text).toBe(201);
    expect((await newestOnB())[0]).toBe('Made on worker A');

    const path = `/api/products/${created.body._id}`;
    for (let n = 1; n <= 5; n += 1) {
      await b.call('GET', path);
      await b.call('GET', path);
      const edited = await a.call('PATCH', path, {
        headers: asBearer(seller),
        body: { name: `Edit ${n} on worker A`, price: 12.5 + n },
      });
      expect(edited.status, edited.text).toBe(200);
      expect((await b.call<Product>('GET', path)).body).toMatchObject({ name: `Edit ${n} on worker A` });
      expect((await newestOnB())[0]).toBe(`Edit ${n} on worker A`);
    }
  });

  it('delivers each mail of the shared outbox once between the two workers', async () => {
    const buyer = await signUpOn(b, 'cluster-mail-buyer@bazaar.test', '198.51.100.40');
    const [product] = (await a.call<Product[]>('GET', '/api/products?limit=1')).body;
    for (const [n, connection] of [a, b, a, b].entries()) {
      const order = await connection.call('POST', '/api/orders', {
        headers: { ...asBearer(buyer), [IDEMPOTENCY_KEY_HEADER]: `cluster-order-${n}` },
        body: orderBody([product!._id]),
      });
      expect(order.status, order.text).toBe(201);
    }
    // Queued by no worker: both find them on their rounds and take them in batches, side by side.
    const content = mailBody({ heading: 'Hello', paragraphs: ['Shared outbox.'] });
    await queueMail(
      database.db,
      Array.from({ length: 120 }, (_, i) => ({
        kind: 'test',
        to: `shared-${i}@bazaar.test`,
        subject: 'Hi',
        ...content,
      })),
    );
    await outboxDrained(database.db);

    const sent = await database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(isNotNull(mailOutbox.sentAt));
    const received = smtp.inbox.map((mail) => /<([^@>]+)@/.exec(mail.messageId)?.[1]);
    expect(sent.length).toBeGreaterThanOrEqual(120 + 8);
    expect(received.toSorted()).toEqual(sent.map((row) => row.id).toSorted());
  });

  it('replaces a worker that dies, and says so in its log', async () => {
    const [victim, survivor] = workers as [number, number];
    process.kill(victim, 'SIGKILL');
    const replaced = await vi.waitFor(
      async () => {
        const now = await childPids(server.pid);
        expect(now).toHaveLength(2);
        expect(now).not.toContain(victim);
        return now;
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(replaced).toContain(survivor);
    expect(server.output()).toMatch(new RegExp(`"worker":${victim},.*a worker stopped; starting another`));
    // The new worker answers connections too.
    const connections = await vi.waitFor(() => connectionPerWorker(server, replaced), {
      timeout: 60_000,
      interval: 200,
    });
    for (const connection of connections.values()) {
      expect((await connection.call('GET', '/api/products?limit=1')).status).toBe(200);
      connection.close();
    }
    workers = replaced;
  });

  it('stops with 1 when its workers cannot start, rather than forking them again and again', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = taken.address() as AddressInfo;
      const stopped = await servers.exit({
        ...(await servers.storage()),
        WEB_CONCURRENCY: '2',
        PORT: String(port),
      });
      expect(stopped.code).toBe(1);
      expect(stopped.output).toContain('EADDRINUSE');
      expect(stopped.output).toContain('a worker stopped before it listened; stopping the others');
      expect(stopped.output).not.toContain('starting another in its place');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('stops on SIGTERM: every worker finishes and exits, then the primary exits with 0', async () => {
    // 0 only when every worker exited 0: closed its server and database, not killed.
    expect(await server.kill('SIGTERM')).toBe(0);
    expect(await childPids(server.pid)).toEqual([]);
    for (const pid of workers) {
      expect(() => process.kill(pid, 0)).toThrow();
    }
  });
});
