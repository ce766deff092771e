import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@bazaar/shared/products';
import { asBearer, signUp, signUpCast, type TestAccount } from '../../test/accounts.ts';
import { orderOf } from '../../test/order-fixtures.ts';
import { TEST_PUBLIC_URL, useTestApp } from '../../test/test-app.ts';
import { fakeWebBuild } from '../../test/web-build.ts';

/**
 * A public page exists for sellers only (users with a product). A buyer's handle, made from their full name, answers
 * as a handle nobody has, in the API and in the page the server describes, so that nobody can check whether a named
 * person has an account. Their sellers still see them by handle on their sales.
 */
const testApp = useTestApp({}, { webDist: fakeWebBuild({ assets: false }) });
let cast: Awaited<ReturnType<typeof signUpCast>>;
let buyer: TestAccount;
let product: Product;

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

/** Anonymous, the user themselves, another user, the buyer's seller and an admin. */
const callers = () =>
  [
    ['anonymous', {}],
    ['the buyer', asBearer(buyer)],
    ['a stranger', asBearer(cast.stranger)],
    ['their seller', asBearer(cast.owner)],
    ['an admin', asBearer(cast.admin)],
  ] as const;

async function createProduct(account: TestAccount, name: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: asBearer(account),
    payload: { name, price: 8 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

beforeAll(async () => {
  cast = await signUpCast(testApp, 'pages');
  buyer = await signUp(testApp.app, 'pages-buyer@bazaar.test', 'Bianca Buyerova');
  product = await createProduct(cast.owner, 'Pages Lamp');
  await orderOf(testApp.app, buyer, [product._id]);
});

async function expectNoPage(handle: string) {
  for (const [caller, headers] of callers()) {
    const api = await get(`/api/sellers/${handle}`, headers);
    expect(api.statusCode, caller).toBe(404);
    expect(api.json(), caller).toEqual({ error: 'NOT_FOUND', message: 'Seller not found' });
    const page = await get(`/seller/${handle}`, headers);
    expect(page.statusCode, caller).toBe(404);
    expect(titleOf(page.body), caller).toBe('Page not found — Bazaar');
    expect(page.body, caller).not.toContain('Bianca');
  }
}

describe("a buyer's handle", () => {
  it('answers 404 to anybody, in the API and in the page head, as a handle nobody has', async () => {
    await expectNoPage(buyer.handle);
    const unknown = await get('/api/sellers/nobody-has-this-handle');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe((await get(`/api/sellers/${buyer.handle}`)).body);
  });

  it('is left out of the sellers sitemap', async () => {
    const sitemap = await get('/sitemaps/sellers-1.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain(`${TEST_PUBLIC_URL}/seller/${cast.owner.handle}`);
    expect(sitemap.body).not.toContain(buyer.handle);
  });

  it('still names the buyer on the sales of their seller', async () => {
    const sales = await get(`/api/sales?customer=${buyer.handle}`, asBearer(cast.owner));
    expect(sales.statusCode).toBe(200);
    expect(sales.json<{ buyer: unknown }[]>().map((sale) => sale.buyer)).toEqual([
      { handle: buyer.handle, name: 'Bianca Buyerova' },
    ]);
  });
});

describe("a seller's handle", () => {
  it('answers the public page to anybody, in the API and in the page head', async () => {
    for (const [caller, headers] of callers()) {
      const api = await get(`/api/sellers/${cast.owner.handle}`, headers);
      expect(api.statusCode, caller).toBe(200);
      expect(api.json(), caller).toMatchObject({ handle: cast.owner.handle, productCount: 1 });
      const page = await get(`/seller/${cast.owner.handle}`, headers);
      expect(page.statusCode, caller).toBe(200);
      expect(titleOf(page.body), caller).toBe('Olive Owner — Bazaar');
    }
  });

  it('gets a page with a first product, and loses it with the last, through the cached page too', async () => {
    await expectNoPage(buyer.handle);
    const own = await createProduct(buyer, 'Bianca Bowl');
    expect((await get(`/api/sellers/${buyer.handle}`)).statusCode).toBe(200);
    const page = await get(`/seller/${buyer.handle}`);
    expect(page.statusCode).toBe(200);
    expect(titleOf(page.body)).toBe('Bianca Buyerova — Bazaar');
    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/products/${own._id}`,
      headers: asBearer(buyer),
    });
    expect(deleted.statusCode).toBe(200);
    await expectNoPage(buyer.handle);
  });
});
