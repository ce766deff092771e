import { beforeAll, describe, expect, it } from 'vitest';
import { asBearer, signUp, TEST_ORIGIN, TEST_PASSWORD, type TestAccount } from '../test/accounts.ts';
import { tableFingerprinter, WRITE_COUNTERS, type Fingerprint } from '../test/table-fingerprint.ts';
import { useTestApp } from '../test/test-app.ts';
import { MAX_INPUT_DEPTH } from './input-guard.ts';

const testApp = useTestApp();
let seller: TestAccount;
let fingerprint: () => Promise<Fingerprint>;

beforeAll(async () => {
  fingerprint = await tableFingerprinter(testApp.database.db, { except: WRITE_COUNTERS });
  seller = await signUp(testApp.app, 'guard-seller@bazaar.test');
});

function expectRefusal(response: { statusCode: number; json: () => unknown }, message: RegExp) {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { error: string; message: string };
  expect(Object.keys(body)).toEqual(['error', 'message']);
  expect(body.error).toBe('BAD_REQUEST');
  expect(body.message).toMatch(message);
}

describe('text no database column can hold', () => {
  it('is refused in a search instead of failing in the database', async () => {
    for (const url of ['/api/products?q=a%00b', '/api/products?category=%00']) {
      expectRefusal(await testApp.app.inject({ method: 'GET', url }), /query parameter: .*NUL/);
    }
  });

  it('is refused in a product, a profile and a registration, and nothing is stored', async () => {
    const before = await fingerprint();
    const product = await testApp.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: asBearer(seller),
      payload: { name: 'Lamp\u0000', price: 10 },
    });
    expectRefusal(product, /body: .*NUL/);
    const profile = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/users/${seller.email}`,
      headers: asBearer(seller),
      payload: { address: '1 High St\u0000' },
    });
    expectRefusal(profile, /body: .*NUL/);
    for (const payload of [
      { name: 'Lone \ud800 surrogate', email: 'lone@bazaar.test', password: TEST_PASSWORD },
      { name: 'Nul', email: 'nul\u0000@bazaar.test', password: TEST_PASSWORD },
    ]) {
      const registration = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN },
        payload,
      });
      expectRefusal(registration, /body: .*surrogates/);
    }
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'a\u0000@bazaar.test', password: TEST_PASSWORD },
    });
    expectRefusal(signIn, /body: .*NUL/);
    expect(await fingerprint()).toEqual(before);
  });
});

describe('bodies', () => {
  it('that are not UTF-8 are refused rather than stored with replacement characters', async () => {
    const invalid = Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('","price":1}'),
    ]);
    const before = await fingerprint();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...asBearer(seller), 'content-type': 'application/json' },
      payload: invalid,
    });
    expectRefusal(response, /not valid UTF-8/);
    expect(await fingerprint()).toEqual(before);
  });

  it(`nested deeper than ${MAX_INPUT_DEPTH} levels are refused, also on the auth API`, async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    for (const url of ['/api/auth/sign-in/email', '/api/auth/sign-out', '/api/products']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url,
        headers: { ...asBearer(seller), origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: `{"email":${deep}}`,
      });
      expectRefusal(response, /nesting deeper/);
    }
    const shallow = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: seller.email, password: TEST_PASSWORD },
    });
    expect(shallow.statusCode).toBe(200);
  });
});

it('answers a path that is not valid percent-encoding with the JSON error shape', async () => {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/products/%FF' });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    error: 'BAD_REQUEST',
    message: "'/api/products/%FF' is not a valid url component",
  });
});
