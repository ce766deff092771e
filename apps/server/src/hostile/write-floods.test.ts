import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isWrite } from '../modules/auth/write-limits.ts';
import { asBearer, signUp, type TestAccount } from '../test/accounts.ts';
import { useTestApp } from '../test/test-app.ts';

const PRODUCT_WRITES = 2;
const ORDERS = 3;
const WRITES = 4;
const testApp = useTestApp({
  PRODUCT_WRITES_PER_HOUR: String(PRODUCT_WRITES),
  ORDERS_PER_HOUR: String(ORDERS),
  WRITES_PER_HOUR: String(WRITES),
  UPLOADS_PER_HOUR: '1000',
});

/** The budgets the issue names; every other write route has WRITES_PER_HOUR of its own. */
const BUDGETS: Record<string, number> = {
  'POST /api/products': PRODUCT_WRITES,
  'PATCH /api/products/:id': PRODUCT_WRITES,
  'DELETE /api/products/:id': PRODUCT_WRITES,
  'POST /api/orders': ORDERS,
};

let addresses = 0;
/** A client address of its own: sign-in's calls count per address, and each test starts with none spent. */
const newAddress = () => `10.0.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

const newAccount = () => signUp(testApp.app, `flood-${randomUUID()}@bazaar.test`, 'Flo Od', newAddress());

/** The route's URL with its parameters filled in: a write is counted before its target is looked up. */
function urlOf(route: string, account: TestAccount): string {
  return route
    .replace(':email', encodeURIComponent(account.email))
    .replace(/:\w+/g, () => randomUUID())
    .replace('*', 'update-user');
}

const writeRoutes = () =>
  testApp.routes
    .map((route) => route.split(' ') as [string, string])
    .filter(([method, url]) => isWrite(method) && url.startsWith('/api/'));

describe('a flood of writes', () => {
  it('meets a limit on every write route the app registers: 429 with Retry-After, the budget spent', async () => {
    expect(writeRoutes().length).toBeGreaterThan(10);
    for (const [method, route] of writeRoutes()) {
      const name = `${method} ${route}`;
      const account = await newAccount();
      const address = newAddress();
      const send = () =>
        testApp.app.inject({
          method: method as 'POST',
          url: urlOf(route, account),
          remoteAddress: address,
          headers: { ...asBearer(account), 'content-type': 'application/json' },
          payload: '{}',
        });
      const budget = BUDGETS[name] ?? WRITES;
      for (let n = 1; n <= budget; n += 1) {
        const answer = await send();
        expect(answer.statusCode, `${name}, write ${n} of ${budget}: ${answer.body}`).not.toBe(429);
      }
      const refused = await send();
      expect(refused.statusCode, `${name} past its budget of ${budget}`).toBe(429);
      expect(refused.json(), name).toMatchObject({ error: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after']), name).toBeGreaterThan(0);
    }
  });

  it('of one seller leaves another seller free to write', async () => {
    const [flooder, other] = [await newAccount(), await newAccount()];
    const add = (account: TestAccount) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: asBearer(account),
        payload: { name: 'Lamp', price: 10 },
      });
    for (let n = 0; n <= PRODUCT_WRITES; n += 1) await add(flooder);
    expect((await add(flooder)).statusCode).toBe(429);
    const answer = await add(other);
    expect(answer.statusCode, answer.body).toBe(201);
  });

  it('shares one budget across adding, changing and deleting products', async () => {
    const seller = await newAccount();
    const added = await testApp.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: asBearer(seller),
      payload: { name: 'Lamp', price: 10 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const { _id: id } = added.json<{ _id: string }>();
    const change = () =>
      testApp.app.inject({
        method: 'PATCH',
        url: `/api/products/${id}`,
        headers: asBearer(seller),
        payload: { name: 'Lamp 2' },
      });
    for (let n = 1; n < PRODUCT_WRITES; n += 1) expect((await change()).statusCode).toBe(200);
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/products/${id}`,
      headers: asBearer(seller),
    });
    expect(removed.statusCode).toBe(429);
  });
});
