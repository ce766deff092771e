import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@bazaar/shared/products';
import { orderOf } from '../test/order-fixtures.ts';
import { signUp, TEST_ORIGIN, type TestAccount } from '../test/accounts.ts';
import { insertProducts, productRow } from '../test/product-fixtures.ts';
import { tableFingerprinter, WRITE_COUNTERS, type Fingerprint } from '../test/table-fingerprint.ts';
import { useTestApp } from '../test/test-app.ts';

const FRONT_END = 'https://front.example';

const testApp = useTestApp({ CORS_ORIGINS: FRONT_END });
let owner: TestAccount;
let productId: string;
let orderId: string;
let fingerprint: () => Promise<Fingerprint>;

beforeAll(async () => {
  owner = await signUp(testApp.app, 'cross-origin@bazaar.test', 'Olive Owner');
  // The owner's product, and the owner's order of another seller's (nobody buys their own products).
  const [product, bought] = await insertProducts(testApp.database.db, [
    productRow({ sellerId: owner.id }),
    productRow(),
  ]);
  productId = product!.id;
  orderId = (await orderOf(testApp.app, owner, [bought!.id]))._id;
  fingerprint = await tableFingerprinter(testApp.database.db, { except: WRITE_COUNTERS });
});

/**
 * Stripe's webhook reads no session: Stripe calls it from its servers, without an Origin, and its signature is what
 * it checks (stripe/card-payments.test.ts).
 */
const SIGNED_BY_STRIPE = 'POST /api/payments/stripe/webhook';

/** The registered routes other than GET, each as a request aimed at the owner's own records. */
function writes(): { method: 'POST' | 'PATCH' | 'DELETE'; url: string }[] {
  return testApp.routes
    .filter((route) => /^(POST|PATCH|DELETE) /.test(route) && route !== SIGNED_BY_STRIPE)
    .map((route) => {
      const [method, path] = route.split(' ') as ['POST' | 'PATCH' | 'DELETE', string];
      const url = path
        .replace('/api/auth/*', '/api/auth/update-user')
        .replace(':email', owner.email)
        .replace(':id', path.startsWith('/api/orders') ? orderId : productId);
      return { method, url };
    });
}

describe('a write signed only by the session cookie', () => {
  it('is refused on every write route without an Origin from the shop, and changes nothing', async () => {
    const before = await fingerprint();
    expect(writes().length).toBeGreaterThanOrEqual(8);
    for (const { method, url } of writes()) {
      for (const origin of [undefined, 'https://evil.example', 'null']) {
        const response = await testApp.app.inject({
          method,
          url,
          headers: { cookie: owner.cookie, ...(origin ? { origin } : {}) },
          payload: { name: 'Changed by someone else', status: 'cancelled' },
        });
        expect(response.statusCode, `${method} ${url} from ${origin}: ${response.body}`).toBe(403);
      }
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('goes through from the shop: its Origin, or a browser saying Sec-Fetch-Site: same-origin', async () => {
    for (const headers of [
      { origin: TEST_ORIGIN },
      { origin: FRONT_END },
      { 'sec-fetch-site': 'same-origin' },
    ]) {
      const response = await testApp.app.inject({
        method: 'PATCH',
        url: `/api/products/${productId}`,
        headers: { cookie: owner.cookie, ...headers },
        payload: { name: 'Renamed at home' },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      expect(response.json<Product>().name).toBe('Renamed at home');
    }
  });

  it('is no concern of a bearer token, which no other site can send', async () => {
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/products/${productId}`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { name: 'Renamed by an app' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('a front end on an origin of CORS_ORIGINS', () => {
  it('may send every method the API has (preflight)', async () => {
    const methods = new Set(writes().map(({ method }) => method));
    expect([...methods].sort()).toEqual(['DELETE', 'PATCH', 'POST']);
    for (const { method, url } of [...writes(), { method: 'GET', url: '/api/products' }]) {
      const response = await testApp.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: FRONT_END,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization, content-type, idempotency-key',
        },
      });
      const what = `${method} ${url}`;
      expect(response.statusCode, what).toBe(204);
      expect(response.headers['access-control-allow-origin'], what).toBe(FRONT_END);
      expect(String(response.headers['access-control-allow-methods']).split(/, */), what).toContain(method);
      expect(response.headers['access-control-allow-headers'], what).toContain('authorization');
    }
  });

  it('may DELETE with Content-Type: application/json and no body, as many clients do', async () => {
    const [product] = await insertProducts(testApp.database.db, [productRow({ sellerId: owner.id })]);
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/products/${product!.id}`,
      headers: {
        origin: FRONT_END,
        authorization: `Bearer ${owner.token}`,
        'content-type': 'application/json',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    const gone = await testApp.app.inject({ method: 'GET', url: `/api/products/${product!.id}` });
    expect(gone.statusCode).toBe(404);
  });
});
