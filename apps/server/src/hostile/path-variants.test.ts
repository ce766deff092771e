import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { isWrite } from '../modules/auth/write-limits.ts';
import { orderOf } from '../test/order-fixtures.ts';
import { asBearer, signUp, TEST_ORIGIN, TEST_PASSWORD } from '../test/accounts.ts';
import { insertProducts, productRow } from '../test/product-fixtures.ts';
import { tableFingerprinter, WRITE_COUNTERS, type Fingerprint } from '../test/table-fingerprint.ts';
import { useTestApp, type TestApp } from '../test/test-app.ts';
import type { Scene } from './hostile-entry.ts';
import { HOSTILE_ROUTES } from './hostile-routes.ts';

// Over a real socket: the test client `inject` resolves dot segments itself; a server on the internet gets them.

const LIMIT = 2;
const testApp = useTestApp();
/** A shop with the sign-in limit low enough to reach; the other one never reaches it. */
const limitedApp = useTestApp({ AUTH_RATE_LIMIT_MAX: String(LIMIT) });
let scene: Scene;
let fingerprint: () => Promise<Fingerprint>;

beforeAll(async () => {
  for (const { app } of [testApp, limitedApp]) await app.listen({ host: '127.0.0.1', port: 0 });
  const owner = await signUp(testApp.app, 'variants-owner@bazaar.test', 'Olive Owner');
  const stranger = await signUp(testApp.app, 'variants-stranger@bazaar.test', 'Sam Stranger');
  const [product] = await insertProducts(testApp.database.db, [productRow({ sellerId: owner.id })]);
  const order = await orderOf(testApp.app, stranger, [product!.id]);
  scene = { owner, stranger, productId: product!.id, orderId: order._id, orderNumber: order.number };
  fingerprint = await tableFingerprinter(testApp.database.db);
});

/** Sends the path exactly as written: no client-side resolution of dot segments or escapes. */
async function send(
  to: Pick<TestApp, 'app'>,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: object,
): Promise<{ status: number; body: string }> {
  const base = `http://127.0.0.1:${(to.app.server.address() as { port: number }).port}`;
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${base}/`,
      {
        method,
        headers: {
          ...headers,
          ...(data === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    // Set after parsing: a URL would have its dot segments resolved.
    request.path = path;
    request.on('error', reject);
    request.end(data);
  });
}

/** Other spellings of `path` that a lenient server or proxy might take for it. */
export function spellings(path: string): string[] {
  const segments = path.split('/').slice(1);
  const found = new Set<string>();
  const at = (index: number, inserted: string) =>
    `/${[...segments.slice(0, index), inserted, ...segments.slice(index)].join('/')}`;
  for (let index = 1; index < segments.length; index += 1) {
    for (const inserted of ['.', '%2e', '%2E', 'x/..', 'x/%2e%2e', 'x/.%2E', ''])
      found.add(at(index, inserted));
    const shouted = segments.map((segment, position) =>
      position === index ? segment.toUpperCase() : segment,
    );
    found.add(`/${shouted.join('/')}`);
    const escaped = segments.map((segment, position) =>
      position === index ? `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}` : segment,
    );
    found.add(`/${escaped.join('/')}`);
  }
  found.add(`${path}/`);
  found.add(`${path}/.`);
  found.add(`/${path}`);
  found.add(path.toUpperCase());
  found.delete(path);
  return [...found];
}

/** The concrete path of a table entry such as `PATCH /api/products/:id`, aimed at the scene's records. */
function pathOf(route: string): string {
  const path = route.split(' ')[1]!;
  return path
    .replace(':email', scene.owner.email)
    .replace(':number', scene.orderNumber)
    .replace(':id', path.startsWith('/api/orders') ? scene.orderId : scene.productId);
}

const guarded = HOSTILE_ROUTES.filter(
  (route) => route.callers.includes('owner') && /^(GET|POST|PATCH|DELETE) \/\S+$/.test(route.route),
);

describe('another spelling of a guarded path', () => {
  it.each(guarded.map((route) => route.route))(
    '%s: answers an anonymous caller as the path itself does, or 404, and changes nothing',
    async (route) => {
      const [method] = route.split(' ') as [string];
      const body = method === 'GET' ? undefined : {};
      const before = await fingerprint();
      const canonical = await send(testApp, method, pathOf(route), { origin: TEST_ORIGIN }, body);
      expect(canonical.status, canonical.body).toBeGreaterThanOrEqual(200);
      for (const path of spellings(pathOf(route))) {
        const response = await send(testApp, method, path, { origin: TEST_ORIGIN }, body);
        const what = `${method} ${path} → ${response.status} ${response.body}`;
        expect([canonical.status, 404], what).toContain(response.status);
      }
      // Only what the route's entry says any attempt may write (the sign-in counters of a limited call), and
      // the budget every write attempt spends.
      const mayWrite = [
        ...(HOSTILE_ROUTES.find((entry) => entry.route === route)?.mayWrite ?? []),
        ...(isWrite(method) ? WRITE_COUNTERS : []),
      ];
      const kept = (print: Fingerprint) =>
        Object.fromEntries(Object.entries(print).filter(([table]) => !mayWrite.includes(table)));
      expect(kept(await fingerprint())).toEqual(kept(before));
    },
  );
});

describe('another spelling of a checked auth call', () => {
  it('cannot store a name or a picture the shop refuses', async () => {
    const before = await fingerprint();
    const bad = { name: 'x'.repeat(5000), image: 'javascript:alert(1)' };
    for (const path of spellings('/api/auth/update-user')) {
      const response = await send(
        testApp,
        'POST',
        path,
        { origin: TEST_ORIGIN, ...asBearer(scene.owner) },
        bad,
      );
      expect([400, 404], `${path} → ${response.status} ${response.body}`).toContain(response.status);
    }
    for (const [n, path] of spellings('/api/auth/sign-up/email').entries()) {
      const email = `variant-${n}@bazaar.test`;
      const response = await send(
        testApp,
        'POST',
        path,
        { origin: TEST_ORIGIN },
        { ...bad, email, password: TEST_PASSWORD },
      );
      expect([400, 404], `${path} → ${response.status} ${response.body}`).toContain(response.status);
    }
    // Only the sign-up counters may have moved: every attempt counts.
    const withoutCounters = ({ rate_limits, ...tables }: Fingerprint) => tables;
    expect(withoutCounters(await fingerprint())).toEqual(withoutCounters(before));
  });
});

describe('another spelling of Better Auth’s verify-email', () => {
  it('verifies nobody: it sends to the confirmation page, or is not found', async () => {
    const before = await fingerprint();
    const query = '?token=made-up&callbackURL=%2Femail-verified%3Fnext%3D%252F';
    for (const path of ['/api/auth/verify-email', ...spellings('/api/auth/verify-email')]) {
      const response = await send(testApp, 'GET', `${path}${query}`, {});
      const what = `${path} → ${response.status} ${response.body}`;
      expect([302, 404], what).toContain(response.status);
    }
    expect(await fingerprint()).toEqual(before);
  });
});

describe('another spelling of a limited auth call', () => {
  // The sign-in limiter's calls; the upload limit counts per user, not per address.
  const limited = HOSTILE_ROUTES.filter(
    (route) => route.mayWrite?.includes('rate_limits') && route.route.includes(' /api/auth/'),
  );

  it.each(limited.map((route) => route.route))('%s: counts against the same limit', async (route) => {
    const path = pathOf(route);
    const attempt = (to: string, n: number) =>
      send(
        limitedApp,
        'POST',
        to,
        { origin: TEST_ORIGIN },
        { name: 'Guesser', email: `${n}-${to.length}@guess.test`, password: 'a wrong guess' },
      );
    // The address's attempts are counted together across calls: spend what is left, then try every spelling.
    for (let n = 0; n < LIMIT; n += 1) await attempt(path, n);
    expect((await attempt(path, LIMIT)).status).toBe(429);
    for (const [n, variant] of spellings(path).entries()) {
      const response = await attempt(variant, n);
      expect([404, 429], `${variant} → ${response.status} ${response.body}`).toContain(response.status);
    }
  });
});
