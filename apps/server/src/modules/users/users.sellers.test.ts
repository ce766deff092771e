import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@bazaar/shared/products';
import { SellerSchema } from '@bazaar/shared/users';
import { asBearer, signUp, signUpCast, type TestAccount } from '../../test/accounts.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { changeStatus, orderOf } from '../../test/order-fixtures.ts';

const testApp = useTestApp();
let cast: Awaited<ReturnType<typeof signUpCast>>;
/** A second seller, whose products must never show on the owner's page. */
let other: TestAccount;
/** The owner's products, newest first. */
let ownersNewestFirst: string[];

beforeAll(async () => {
  cast = await signUpCast(testApp, 'sellers');
  other = await signUp(testApp.app, 'sellers-other@bazaar.test', 'Otto Other');
  const inserted = await insertProducts(testApp.database.db, [
    productRow({ sellerId: cast.owner.id, name: 'Owner Lamp' }),
    productRow({ sellerId: other.id, name: 'Other Mug' }),
    productRow({ sellerId: cast.owner.id, name: 'Owner Vase' }),
    productRow({ sellerId: cast.owner.id, name: 'Owner Clock', categories: ['home'] }),
  ]);
  ownersNewestFirst = inserted
    .filter((row) => row.sellerId === cast.owner.id)
    .map((row) => row.id)
    .reverse();
});

/** The callers of the matrix: anybody sees the same public answer. */
const callers = () =>
  [
    ['anonymous', {}],
    ['a signed-in stranger', asBearer(cast.stranger)],
    ['the seller', asBearer(cast.owner)],
    ['an admin', asBearer(cast.admin)],
  ] as const;

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers });

describe('GET /api/sellers/:handle', () => {
  it('answers the same public seller to anybody, without an e-mail', async () => {
    for (const [caller, headers] of callers()) {
      const response = await get(`/api/sellers/${cast.owner.handle}`, headers);
      expect(response.statusCode, caller).toBe(200);
      const seller = SellerSchema.parse(response.json());
      expect(response.json(), caller).toEqual({
        handle: 'olive-owner',
        name: 'Olive Owner',
        memberSince: seller.memberSince,
        productCount: 3,
        rating: null,
        reviewsCount: 0,
        shippingFee: 10,
        freeShippingOver: null,
      });
      expect(Date.now() - Date.parse(seller.memberSince), caller).toBeLessThan(10 * 60_000);
      expect(response.body, caller).not.toContain('@');
    }
  });

  it("averages the ratings of the reviews of all the seller's products", async () => {
    const [bowl] = await insertProducts(testApp.database.db, [
      productRow({ sellerId: other.id, name: 'Other Bowl', ratings: 0, reviewsCount: 0 }),
    ]);
    const mug = await get(`/api/products?seller=${other.handle}&q=mug`);
    const mugId = mug.json<Product[]>()[0]!._id;
    const buyer = await signUp(testApp.app, 'sellers-buyer@bazaar.test', 'Bo Buyer');
    for (const [account, productId, rating] of [
      [cast.stranger, mugId, 5],
      [cast.stranger, bowl!.id, 4],
      [buyer, mugId, 2],
    ] as const) {
      const order = await orderOf(testApp.app, account, [productId]);
      for (const status of ['shipped', 'delivered'])
        await changeStatus(testApp.app, cast.admin, order._id, status);
      const reviewed = await testApp.app.inject({
        method: 'POST',
        url: `/api/products/${productId}/reviews`,
        headers: asBearer(account),
        payload: { rating },
      });
      expect(reviewed.statusCode, reviewed.body).toBe(201);
    }
    const seller = SellerSchema.parse((await get(`/api/sellers/${other.handle}`)).json());
    expect(seller).toMatchObject({ handle: 'otto-other', productCount: 2, reviewsCount: 3 });
    expect(seller.rating).toBeCloseTo(11 / 3, 5);
    expect((await get(`/api/sellers/${cast.owner.handle}`)).json()).toMatchObject({
      rating: null,
      reviewsCount: 0,
    });
  });

  it('answers 404 for a user without products, as for a handle nobody has', async () => {
    const response = await get(`/api/sellers/${cast.stranger.handle}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Seller not found' });
  });

  it('finds a handle whatever its case', async () => {
    expect((await get('/api/sellers/Olive-Owner')).json()).toMatchObject({ handle: 'olive-owner' });
  });

  it.each([
    ['an unknown handle', 'nobody-here'],
    ['a text that is no handle', 'Not a handle!'],
    ['an e-mail address', 'sellers-owner@bazaar.test'],
    ['a handle too short', 'ab'],
  ])('answers 404 for %s', async (_, handle) => {
    const response = await get(`/api/sellers/${encodeURIComponent(handle)}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Seller not found' });
  });
});

describe('GET /api/products?seller=', () => {
  const list = async (query: string, headers: Record<string, string> = {}) => {
    const response = await get(`/api/products?${query}`, headers);
    return {
      response,
      ids: response.json<Product[]>().map((product) => product._id),
      total: Number(response.headers['x-total-count']),
    };
  };

  it("answers the seller's products only, newest first, the same to anybody", async () => {
    for (const [caller, headers] of callers()) {
      const { response, ids, total } = await list(`seller=${cast.owner.handle}`, headers);
      expect(response.statusCode, caller).toBe(200);
      expect(ids, caller).toEqual(ownersNewestFirst);
      expect(total, caller).toBe(3);
      expect(
        response.json<Product[]>().every((product) => product.seller.handle === cast.owner.handle),
        caller,
      ).toBe(true);
    }
  });

  it('pages and combines with the other filters', async () => {
    const second = await list(`seller=${cast.owner.handle}&limit=2&offset=2`);
    expect(second.ids).toEqual(ownersNewestFirst.slice(2));
    expect(second.total).toBe(3);
    const home = await list(`seller=${cast.owner.handle}&category=home`);
    expect(home.total).toBe(1);
    expect((await list(`seller=${other.handle}&q=owner`)).total).toBe(0);
  });

  it('answers an empty list for a handle nobody has, or somebody without products', async () => {
    for (const handle of ['nobody-here', cast.stranger.handle]) {
      const { response, ids, total } = await list(`seller=${handle}`);
      expect(response.statusCode).toBe(200);
      expect(ids).toEqual([]);
      expect(total).toBe(0);
    }
  });

  it.each(['ab', 'under_score', 'dot.ted', 'sellers-owner@bazaar.test', 'x'.repeat(41)])(
    'refuses seller=%s with a 400 naming the parameter',
    async (handle) => {
      const response = await get(`/api/products?seller=${encodeURIComponent(handle)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
      expect(response.json<{ message: string }>().message).toContain('seller');
    },
  );
});
