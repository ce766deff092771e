import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ApiError } from '@bazaar/shared/errors';
import { TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import { ProductSchema } from '@bazaar/shared/products';
import { AdminReviewSchema, ReviewSchema, type AdminReview, type Review } from '@bazaar/shared/reviews';
import { mailOutbox, products, reviews, users } from '../../db/schema.ts';
import {
  accountOf,
  asBearer,
  signUpAdmin,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestAccount,
} from '../../test/accounts.ts';
import { orderOf } from '../../test/order-fixtures.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { createTestApp, useTestApp } from '../../test/test-app.ts';

const testApp = useTestApp();
let admin: TestAccount;
let counter = 0;

/** The seller's home: the address their own account and their second account register from. */
const SELLERS_HOME = '203.0.113.10';
const ELSEWHERE = '198.51.100.20';

/** Registers an account from `address`, the client address the server sees (no proxy is trusted here). */
async function signUpFrom(address: string, name: string, headers: Record<string, string> = {}) {
  counter += 1;
  const email = `moderation-${counter}@bazaar.test`;
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress: address,
    headers: { origin: TEST_ORIGIN, ...headers },
    payload: { name, email, password: TEST_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  // The address is kept for the admins' comparison only: the sign-up's own answer does not show it.
  expect(response.body).not.toContain(address);
  return accountOf(email, name, {
    token: response.headers['set-auth-token'],
    setCookie: ([] as string[]).concat(response.headers['set-cookie'] ?? []),
    body: response.json(),
  });
}

beforeAll(async () => {
  admin = await signUpAdmin(testApp);
});

/** A seller registered at home, and a product of theirs with no reviews yet. */
async function sellerWithProduct(): Promise<{ seller: TestAccount; productId: string; name: string }> {
  const seller = await signUpFrom(SELLERS_HOME, 'Sly Seller');
  const [row] = await insertProducts(testApp.database.db, [
    productRow({ sellerId: seller.id, ratings: 0, reviewsCount: 0, ratingTotal: 0 }),
  ]);
  return { seller, productId: row!.id, name: row!.name };
}

/** `buyer` orders the product, the seller marks it shipped and delivered, and the buyer reviews it. */
async function reviewed(
  buyer: TestAccount,
  seller: TestAccount,
  productId: string,
  rating: number,
  text = 'Five stars!',
): Promise<Review> {
  const order = await orderOf(testApp.app, buyer, [productId]);
  for (const status of ['shipped', 'delivered']) {
    // The seller fulfils their own sale: nobody else sees the parcel.
    const response = await call('PATCH', `/api/sales/${order._id}/status`, seller, { status });
    expect(response.statusCode, response.body).toBe(200);
  }
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/reviews`,
    headers: asBearer(buyer),
    payload: { rating, text },
  });
  expect(response.statusCode, response.body).toBe(201);
  return ReviewSchema.parse(response.json());
}

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, account: TestAccount | null, payload?: object) =>
  testApp.app.inject({
    method,
    url,
    headers: account ? asBearer(account) : {},
    ...(payload ? { payload } : {}),
  });

const hide = (account: TestAccount | null, productId: string, reviewId: string, payload: object) =>
  call('POST', `/api/products/${productId}/reviews/${reviewId}/hide`, account, payload);
const unhide = (account: TestAccount | null, productId: string, reviewId: string) =>
  call('POST', `/api/products/${productId}/reviews/${reviewId}/unhide`, account);

/** The admins' list, all of it (every review this file made fits in a page of 100). */
async function adminList(query = '') {
  const response = await call('GET', `/api/reviews?limit=100${query}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return {
    items: response.json<unknown[]>().map((item) => AdminReviewSchema.parse(item)),
    total: Number(response.headers[TOTAL_COUNT_HEADER]),
    body: response.body,
  };
}

const inList = async (reviewId: string, query = ''): Promise<AdminReview | undefined> =>
  (await adminList(query)).items.find((item) => item._id === reviewId);

/** What the public sees: the product's reviews and figures, and the seller's page. */
async function publicView(productId: string, seller: TestAccount) {
  const list = await call('GET', `/api/products/${productId}/reviews`, null);
  const product = ProductSchema.parse((await call('GET', `/api/products/${productId}`, null)).json());
  const page = (await call('GET', `/api/sellers/${seller.handle}`, null)).json<{
    rating: number | null;
    reviewsCount: number;
  }>();
  return {
    reviews: list.json<Review[]>().map((item) => item.rating),
    total: Number(list.headers[TOTAL_COUNT_HEADER]),
    ratings: product.ratings,
    reviewsCount: product.reviews_count,
    sellerPage: { rating: page.rating, reviewsCount: page.reviewsCount },
  };
}

describe('the shared sign-up address flag', () => {
  it("flags the review of a seller's second account, registered from the seller's address, and no other", async () => {
    const { seller, productId, name } = await sellerWithProduct();
    const secondAccount = await signUpFrom(SELLERS_HOME, 'Totally Real Buyer');
    const stranger = await signUpFrom(ELSEWHERE, 'Honest Buyer');
    const fake = await reviewed(secondAccount, seller, productId, 5);
    const honest = await reviewed(stranger, seller, productId, 3, 'Fine.');

    expect(await inList(fake._id)).toEqual({
      _id: fake._id,
      product: { _id: productId, name },
      seller: { handle: seller.handle, name: 'Sly Seller' },
      author: { handle: secondAccount.handle, name: 'Totally Real Buyer' },
      rating: 5,
      text: 'Five stars!',
      createdAt: fake.createdAt,
      hidden: null,
      sharedSignupAddress: true,
    });
    expect(await inList(honest._id)).toMatchObject({ sharedSignupAddress: false, hidden: null });

    const flagged = await adminList('&flagged=true');
    expect(flagged.items.map((item) => item._id)).toContain(fake._id);
    expect(flagged.items.map((item) => item._id)).not.toContain(honest._id);
    expect(flagged.items.every((item) => item.sharedSignupAddress)).toBe(true);
    expect(flagged.total).toBe(flagged.items.length);
    // Neither the addresses nor e-mails leave the server, even to an admin. The writer's own session shows the
    // address it was opened from, as it always did; their user and profile do not carry the sign-up address.
    for (const url of ['/api/auth/get-session', `/api/users/${secondAccount.email}`]) {
      const own = await call('GET', url, secondAccount);
      expect(own.statusCode, url).toBe(200);
      expect(own.body, url).not.toMatch(/signup/i);
    }
    const profile = await call('GET', `/api/users/${secondAccount.email}`, secondAccount);
    expect(profile.body).not.toContain(SELLERS_HOME);
    for (const body of [flagged.body, (await adminList()).body]) {
      expect(body).not.toContain(SELLERS_HOME);
      expect(body).not.toContain(ELSEWHERE);
      expect(body).not.toContain('@');
    }
  });

  it('lists newest first, paged, the total in the header', async () => {
    const all = await adminList();
    const first = await call('GET', '/api/reviews?limit=2', admin);
    const second = await call('GET', '/api/reviews?limit=2&offset=2', admin);
    expect(Number(first.headers[TOTAL_COUNT_HEADER])).toBe(all.total);
    const paged = [...first.json<AdminReview[]>(), ...second.json<AdminReview[]>()].map((item) => item._id);
    expect(paged).toEqual(all.items.slice(0, 4).map((item) => item._id));
    const times = all.items.map((item) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('is not fooled by an X-Forwarded-For the client wrote when no proxy is trusted', async () => {
    const { seller, productId } = await sellerWithProduct();
    const forger = await signUpFrom(ELSEWHERE, 'Forging Friend', { 'x-forwarded-for': SELLERS_HOME });
    const review = await reviewed(forger, seller, productId, 5);
    expect(await inList(review._id)).toMatchObject({ sharedSignupAddress: false });
  });

  it('never flags accounts whose sign-up address is unknown (registered before it was kept)', async () => {
    const { seller, productId } = await sellerWithProduct();
    const old = await signUpFrom(ELSEWHERE, 'Old Account');
    await testApp.database.db.update(users).set({ signupAddress: null }).where(eq(users.id, old.id));
    await testApp.database.db.update(users).set({ signupAddress: null }).where(eq(users.id, seller.id));
    const review = await reviewed(old, seller, productId, 4);
    expect(await inList(review._id)).toMatchObject({ sharedSignupAddress: false });
  });
});

describe('hiding a review', () => {
  it("takes it off the product's page and figures and the seller's page, keeps it with the reason, and unhides", async () => {
    const { seller, productId } = await sellerWithProduct();
    const secondAccount = await signUpFrom(SELLERS_HOME, 'Second Account');
    const fake = await reviewed(secondAccount, seller, productId, 5);
    await reviewed(await signUpFrom(ELSEWHERE, 'Real Buyer'), seller, productId, 2, 'Meh.');
    const shown = {
      reviews: [2, 5],
      total: 2,
      ratings: 3.5,
      reviewsCount: 2,
      sellerPage: { rating: 3.5, reviewsCount: 2 },
    };
    // Read first, so that the catalog cache holds the product with both reviews.
    expect(await publicView(productId, seller)).toEqual(shown);

    const hidden = await hide(admin, productId, fake._id, { reason: "  The seller's own second account  " });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const answer = AdminReviewSchema.parse(hidden.json());
    expect(answer).toMatchObject({ _id: fake._id, sharedSignupAddress: true });
    expect(answer.hidden?.reason).toBe("The seller's own second account");

    expect(await publicView(productId, seller)).toEqual({
      reviews: [2],
      total: 1,
      ratings: 2,
      reviewsCount: 1,
      sellerPage: { rating: 2, reviewsCount: 1 },
    });
    const [row] = await testApp.database.db.select().from(reviews).where(eq(reviews.id, fake._id));
    expect(row).toMatchObject({
      rating: 5,
      hiddenReason: "The seller's own second account",
      hiddenBy: admin.id,
    });
    expect(await inList(fake._id)).toMatchObject({ hidden: { reason: "The seller's own second account" } });
    // The writer is told, with the reason.
    const [mail] = await testApp.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'review-hidden'), eq(mailOutbox.toAddress, secondAccount.email)));
    expect(mail?.textBody).toContain("The reason: The seller's own second account");
    // The line stays reviewed: the writer cannot review it again to put the stars back.
    const again = await hide(admin, productId, fake._id, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>()).toEqual({ error: 'CONFLICT', message: 'This review is already hidden.' });

    const shownAgain = await unhide(admin, productId, fake._id);
    expect(shownAgain.statusCode, shownAgain.body).toBe(200);
    expect(AdminReviewSchema.parse(shownAgain.json()).hidden).toBeNull();
    expect(await publicView(productId, seller)).toEqual(shown);
    expect((await unhide(admin, productId, fake._id)).json<ApiError>()).toEqual({
      error: 'CONFLICT',
      message: 'This review is not hidden.',
    });
  });

  it('leaves a product whose only review is hidden at no rating', async () => {
    const { seller, productId } = await sellerWithProduct();
    const only = await reviewed(await signUpFrom(SELLERS_HOME, 'Only Fan'), seller, productId, 5);
    expect((await hide(admin, productId, only._id, { reason: 'Fake' })).statusCode).toBe(200);
    const [figures] = await testApp.database.db
      .select({
        ratings: products.ratings,
        reviewsCount: products.reviewsCount,
        ratingTotal: products.ratingTotal,
      })
      .from(products)
      .where(eq(products.id, productId));
    expect(figures).toEqual({ ratings: 0, reviewsCount: 0, ratingTotal: 0 });
    expect((await publicView(productId, seller)).sellerPage).toEqual({ rating: null, reviewsCount: 0 });
  });
});

describe('who may moderate', () => {
  let seller: TestAccount;
  let writer: TestAccount;
  let stranger: TestAccount;
  let productId: string;
  let review: Review;

  beforeAll(async () => {
    ({ seller, productId } = await sellerWithProduct());
    writer = await signUpFrom(SELLERS_HOME, 'Writer');
    stranger = await signUpFrom(ELSEWHERE, 'Stranger');
    review = await reviewed(writer, seller, productId, 5);
  });

  const stateOf = async () => {
    const [row] = await testApp.database.db.select().from(reviews).where(eq(reviews.id, review._id));
    const [product] = await testApp.database.db.select().from(products).where(eq(products.id, productId));
    return { hiddenAt: row?.hiddenAt, reviewsCount: product?.reviewsCount };
  };

  it.each<[string, () => TestAccount | null, number, string]>([
    ['anonymous', () => null, 401, 'Sign in to do this.'],
    ["the product's seller", () => seller, 403, 'Only admins may moderate reviews.'],
    ["the review's writer", () => writer, 403, 'Only admins may moderate reviews.'],
    ['a stranger', () => stranger, 403, 'Only admins may moderate reviews.'],
  ])('refuses %s on every route, and changes nothing', async (_, account, status, message) => {
    const before = await stateOf();
    for (const response of [
      await call('GET', '/api/reviews', account()),
      await call('GET', '/api/reviews?flagged=true', account()),
      await hide(account(), productId, review._id, { reason: 'Fake' }),
      await unhide(account(), productId, review._id),
    ]) {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json<ApiError>().message).toBe(message);
    }
    expect(await stateOf()).toEqual(before);
  });

  it('lets an admin list, hide and unhide', async () => {
    expect((await call('GET', '/api/reviews', admin)).statusCode).toBe(200);
    expect((await hide(admin, productId, review._id, { reason: 'Fake' })).statusCode).toBe(200);
    expect((await unhide(admin, productId, review._id)).statusCode).toBe(200);
  });

  it.each([
    ['an empty reason', { reason: '' }],
    ['a reason of spaces', { reason: '   ' }],
    ['a reason of 501 characters', { reason: 'x'.repeat(501) }],
    ['no reason', {}],
    ['a reason that is no text', { reason: 42 }],
    ['an unknown field', { reason: 'Fake', hiddenBy: 'someone' }],
  ])('refuses %s with a 400, and hides nothing', async (_, payload) => {
    const response = await hide(admin, productId, review._id, payload);
    expect(response.statusCode).toBe(400);
    const error = response.json<ApiError>();
    expect(error.error).toBe('VALIDATION_ERROR');
    // The message names the field at fault.
    expect(error.message).toContain('hiddenBy' in payload ? 'hiddenBy' : 'reason');
    expect((await stateOf()).hiddenAt).toBeNull();
  });

  it('answers 404 for an unknown review, one of another product, or a malformed id', async () => {
    const other = await sellerWithProduct();
    for (const [product, reviewId] of [
      [productId, randomUUID()],
      [productId, 'not-a-uuid'],
      [other.productId, review._id],
      [randomUUID(), review._id],
    ] as const) {
      expect((await hide(admin, product, reviewId, { reason: 'Fake' })).statusCode, reviewId).toBe(404);
      expect((await unhide(admin, product, reviewId)).statusCode, reviewId).toBe(404);
    }
  });

  it.each(['flagged=yes', 'flagged=', 'limit=0', 'limit=101', 'offset=-1', 'sort=rating'])(
    'refuses ?%s with a 400',
    async (query) => {
      const response = await call('GET', `/api/reviews?${query}`, admin);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().error).toBe('VALIDATION_ERROR');
    },
  );
});

describe('the sign-up address behind a proxy', () => {
  it('is the address the trusted proxy saw, not the one the client wrote', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': `${SELLERS_HOME}, ${ELSEWHERE}` },
        payload: { name: 'Proxied', email: 'proxied-moderation@bazaar.test', password: TEST_PASSWORD },
      });
      expect(response.statusCode, response.body).toBe(200);
      const [row] = await proxied.database.db
        .select({ signupAddress: users.signupAddress })
        .from(users)
        .where(eq(users.email, 'proxied-moderation@bazaar.test'));
      expect(row?.signupAddress).toBe(ELSEWHERE);
    } finally {
      await proxied.close();
    }
  });
});
