import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull, sum } from 'drizzle-orm';
import type { ApiError } from '@bazaar/shared/errors';
import { TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import { ProductSchema, type Product } from '@bazaar/shared/products';
import {
  ReviewEligibilitySchema,
  ReviewSchema,
  SellerReviewSchema,
  type Review,
} from '@bazaar/shared/reviews';
import { products, reviews, users } from '../../db/schema.ts';
import { latestMail, mailCount } from '../../test/outbox.ts';
import { TEST_PUBLIC_URL, useTestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { asBearer, asCookie, signUp, signUpAdmin, type TestAccount } from '../../test/accounts.ts';
import { changeStatus, orderOf, placeOrderPastTheRules } from '../../test/order-fixtures.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';

const testApp = useTestApp();
let seller: TestAccount;
let otherSeller: TestAccount;
let admin: TestAccount;
let counter = 0;

beforeAll(async () => {
  seller = await signUp(testApp.app, 'reviews-seller@bazaar.test', 'Sasha Seller');
  otherSeller = await signUp(testApp.app, 'reviews-other@bazaar.test', 'Otto Other');
  admin = await signUpAdmin(testApp);
});

/** A product of the seller with no reviews yet. */
async function newProduct(name?: string): Promise<string> {
  const [row] = await insertProducts(testApp.database.db, [
    productRow({ sellerId: seller.id, ratings: 0, reviewsCount: 0, ratingTotal: 0, ...(name && { name }) }),
  ]);
  return row!.id;
}

/** A new buyer: an account of its own, so that its purchases are only those a test makes. */
function newBuyer(name = 'Bea Buyer'): Promise<TestAccount> {
  counter += 1;
  return signUp(testApp.app, `reviews-buyer-${counter}@bazaar.test`, name);
}

/** The admin ships the order, and delivers it unless `until` stops it earlier. */
async function moveOn(orderId: string, until: 'shipped' | 'delivered') {
  for (const status of until === 'shipped' ? ['shipped'] : ['shipped', 'delivered']) {
    const response = await changeStatus(testApp.app, admin, orderId, status);
    if (response.statusCode !== 200) throw new Error(`could not make the order ${status}: ${response.body}`);
  }
}

/** An order of the product by `buyer`, which the admin ships, and delivers unless `until` stops it earlier. */
async function bought(buyer: TestAccount, productId: string, until: 'shipped' | 'delivered' = 'delivered') {
  const order = await orderOf(testApp.app, buyer, [productId]);
  await moveOn(order._id, until);
  return order;
}

const review = (
  account: TestAccount | null,
  productId: string,
  payload: object = { rating: 5, text: 'Great' },
) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/reviews`,
    headers: account ? asBearer(account) : {},
    payload,
  });

const replyTo = (account: TestAccount | null, productId: string, reviewId: string, text = 'Thank you!') =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/reviews/${reviewId}/reply`,
    headers: account ? asBearer(account) : {},
    payload: { text },
  });

const get = (url: string, account: TestAccount | null = null) =>
  testApp.app.inject({ method: 'GET', url, headers: account ? asBearer(account) : {} });

const listOf = async (productId: string, query = '', account: TestAccount | null = null) => {
  const response = await get(`/api/products/${productId}/reviews${query}`, account);
  expect(response.statusCode, response.body).toBe(200);
  return {
    reviews: response.json<unknown[]>().map((item) => ReviewSchema.parse(item)),
    total: Number(response.headers[TOTAL_COUNT_HEADER]),
    body: response.body,
  };
};

const productOf = async (id: string): Promise<Product> =>
  ProductSchema.parse((await get(`/api/products/${id}`)).json());

const eligibilityOf = async (account: TestAccount, productId: string) => {
  const response = await get(`/api/products/${productId}/reviews/eligibility`, account);
  expect(response.statusCode, response.body).toBe(200);
  return ReviewEligibilitySchema.parse(response.json());
};
const canReview = async (account: TestAccount, productId: string) =>
  (await eligibilityOf(account, productId)).canReview;

async function reviewRows(productId: string) {
  return testApp.database.db.select().from(reviews).where(eq(reviews.productId, productId));
}

async function figuresOf(productId: string) {
  const [row] = await testApp.database.db
    .select({
      ratings: products.ratings,
      reviewsCount: products.reviewsCount,
      ratingTotal: products.ratingTotal,
    })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

describe('POST /api/products/:id/reviews', () => {
  it('lets a buyer with a delivered line review, shown by name with the verified mark', async () => {
    const productId = await newProduct();
    const buyer = await newBuyer('Bea Buyer');
    await bought(buyer, productId);
    const response = await review(buyer, productId, { rating: 4, text: '  Sturdy and bright.  ' });
    expect(response.statusCode, response.body).toBe(201);
    const created = ReviewSchema.parse(response.json());
    expect(created).toEqual({
      _id: created._id,
      rating: 4,
      text: 'Sturdy and bright.',
      author: { name: 'Bea Buyer' },
      verifiedPurchase: true,
      createdAt: created.createdAt,
      editedAt: null,
      reply: null,
    });
    expect(response.body).not.toContain('@');
    expect(Date.now() - Date.parse(created.createdAt)).toBeLessThan(60_000);
  });

  it("refuses the product's own seller, even with a delivered line of it, and changes nothing", async () => {
    const productId = await newProduct();
    // Sellers can no longer buy their own products; orders from before that rule remain.
    await moveOn(await placeOrderPastTheRules(testApp.database.db, seller, [productId]), 'delivered');
    expect(await canReview(seller, productId)).toBe(false);
    const response = await review(seller, productId);
    expect(response.statusCode).toBe(403);
    expect(response.json<ApiError>().message).toBe('You cannot review your own product.');
    expect(await reviewRows(productId)).toEqual([]);
    expect(await figuresOf(productId)).toEqual({ ratings: 0, reviewsCount: 0, ratingTotal: 0 });
  });

  it('refuses everybody without a delivered line of the product, and changes nothing', async () => {
    const productId = await newProduct();
    const shippedOnly = await newBuyer();
    await bought(shippedOnly, productId, 'shipped');
    const cases: [string, TestAccount | null, number, string][] = [
      ['anonymous', null, 401, 'Sign in to do this.'],
      [
        'a buyer whose line is only shipped',
        shippedOnly,
        403,
        'Only buyers who received this product can review it.',
      ],
      ['the seller', seller, 403, 'You cannot review your own product.'],
      ['another seller', otherSeller, 403, 'Only buyers who received this product can review it.'],
      ['an admin', admin, 403, 'Only buyers who received this product can review it.'],
    ];
    for (const [who, account, status, message] of cases) {
      const response = await review(account, productId);
      expect(response.statusCode, who).toBe(status);
      expect(response.json<ApiError>().message, who).toBe(message);
    }
    expect(await reviewRows(productId)).toEqual([]);
    expect(await figuresOf(productId)).toEqual({ ratings: 0, reviewsCount: 0, ratingTotal: 0 });
  });

  it('takes one review per delivered line: a second purchase allows a second review', async () => {
    const productId = await newProduct();
    const buyer = await newBuyer();
    await bought(buyer, productId);
    expect((await review(buyer, productId, { rating: 5 })).statusCode).toBe(201);
    const again = await review(buyer, productId, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>()).toEqual({
      error: 'CONFLICT',
      message: 'You have already reviewed each of your purchases of this product.',
    });
    await bought(buyer, productId);
    expect((await review(buyer, productId, { rating: 2 })).statusCode).toBe(201);
    expect((await review(buyer, productId, { rating: 2 })).statusCode).toBe(409);
    expect((await reviewRows(productId)).map((row) => row.rating).sort()).toEqual([2, 5]);
  });

  it("reviews the buyer's oldest unreviewed line first", async () => {
    const productId = await newProduct();
    const buyer = await newBuyer();
    const first = await bought(buyer, productId);
    const second = await bought(buyer, productId);
    await review(buyer, productId);
    await review(buyer, productId);
    const rows = await reviewRows(productId);
    const byRating = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(byRating.map((row) => row.orderId)).toEqual([first._id, second._id]);
  });

  it("keeps the product's ratings and reviews_count on the wire as the mean and number of its reviews", async () => {
    const productId = await newProduct();
    // Read first, so that the catalog cache holds the product's answer before the reviews.
    expect(await productOf(productId)).toMatchObject({ ratings: 0, reviews_count: 0 });
    for (const rating of [5, 2, 4]) {
      const buyer = await newBuyer();
      await bought(buyer, productId);
      expect((await review(buyer, productId, { rating })).statusCode).toBe(201);
    }
    const product = await productOf(productId);
    expect(product.reviews_count).toBe(3);
    expect(product.ratings).toBeCloseTo(11 / 3, 5);
    const listed = await get(`/api/products?seller=${seller.handle}&limit=100`);
    expect(listed.json<Product[]>().find((item) => item._id === productId)).toMatchObject({
      reviews_count: 3,
    });
  });

  it('gives the exact mean when many buyers review at once', async () => {
    const productId = await newProduct();
    const ratings = [5, 4, 3, 5, 1, 2, 5, 4, 4, 3, 5, 2];
    const buyers = await Promise.all(ratings.map(() => newBuyer()));
    for (const buyer of buyers) await bought(buyer, productId);
    const answers = await Promise.all(
      buyers.map((buyer, i) => review(buyer, productId, { rating: ratings[i] })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(ratings.map(() => 201));
    const sum = ratings.reduce((total, rating) => total + rating, 0);
    const figures = await figuresOf(productId);
    expect(figures).toMatchObject({ reviewsCount: ratings.length, ratingTotal: sum });
    expect(figures?.ratings).toBeCloseTo(sum / ratings.length, 5);
    const product = await productOf(productId);
    expect(product.reviews_count).toBe(ratings.length);
    expect(product.ratings).toBeCloseTo(sum / ratings.length, 5);
  });

  it('takes one of two simultaneous reviews of a single line, and both of two lines', async () => {
    const productId = await newProduct();
    const buyer = await newBuyer();
    await bought(buyer, productId);
    const once = await Promise.all([review(buyer, productId), review(buyer, productId)]);
    expect(once.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);

    const twice = await newBuyer();
    await bought(twice, productId);
    await bought(twice, productId);
    const both = await Promise.all([review(twice, productId), review(twice, productId)]);
    expect(both.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(await figuresOf(productId)).toMatchObject({ reviewsCount: 3, ratingTotal: 15 });
  });

  it('takes a cookie-signed review from the shop', async () => {
    const productId = await newProduct();
    const buyer = await newBuyer();
    await bought(buyer, productId);
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/reviews`,
      headers: asCookie(buyer),
      payload: { rating: 3 },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Review>()).toMatchObject({ rating: 3, text: '' });
  });

  it.each<[string, object, string]>([
    ['no rating', { text: 'Nice' }, 'rating": Choose a rating from 1 to 5 stars'],
    ['a rating of 0', { rating: 0 }, 'rating": Choose a rating from 1 to 5 stars'],
    ['a rating of 6', { rating: 6 }, 'rating": Choose a rating from 1 to 5 stars'],
    ['a fractional rating', { rating: 4.5 }, 'rating": Choose a rating from 1 to 5 stars'],
    ['a rating as text', { rating: '5' }, 'rating": Choose a rating from 1 to 5 stars'],
    [
      'a text of 2001 characters',
      { rating: 5, text: 'x'.repeat(2001) },
      'text": The review can be at most 2000',
    ],
    ['a text that is no text', { rating: 5, text: 42 }, 'text": The review must be text'],
    ['an unknown field', { rating: 5, author: 'someone' }, 'author'],
  ])('refuses %s with a 400 naming the field, and writes nothing', async (_, payload, message) => {
    const productId = await newProduct();
    const buyer = await newBuyer();
    await bought(buyer, productId);
    const response = await review(buyer, productId, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toContain(message);
    expect(await reviewRows(productId)).toEqual([]);
    expect(await canReview(buyer, productId)).toBe(true);
  });

  it.each([
    ['an unknown product', randomUUID()],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_, id) => {
    const buyer = await newBuyer();
    const response = await review(buyer, id);
    expect(response.statusCode).toBe(404);
    expect(response.json<ApiError>()).toEqual({ error: 'NOT_FOUND', message: 'Product not found' });
  });
});

describe('GET /api/products/:id/reviews', () => {
  let productId: string;
  const names = ['Ann First', 'Ben Second', 'Cy Third'];

  beforeAll(async () => {
    productId = await newProduct();
    for (const [i, name] of names.entries()) {
      const buyer = await newBuyer(name);
      await bought(buyer, productId);
      await review(buyer, productId, { rating: i + 3, text: `Review by ${name}` });
    }
  });

  it('answers the same reviews, newest first, to everybody, without an e-mail', async () => {
    const callers = [null, seller, otherSeller, admin, await newBuyer()];
    const answers = await Promise.all(callers.map((caller) => listOf(productId, '', caller)));
    for (const answer of answers) {
      expect(answer).toEqual(answers[0]);
      expect(answer.body).not.toContain('@');
    }
    const { reviews: listed, total } = answers[0]!;
    expect(total).toBe(3);
    expect(listed.map((item) => [item.author.name, item.rating, item.text, item.verifiedPurchase])).toEqual([
      ['Cy Third', 5, 'Review by Cy Third', true],
      ['Ben Second', 4, 'Review by Ben Second', true],
      ['Ann First', 3, 'Review by Ann First', true],
    ]);
  });

  it('pages with limit and offset, the total in the header', async () => {
    const all = (await listOf(productId)).reviews.map((item) => item._id);
    const first = await listOf(productId, '?limit=2');
    const second = await listOf(productId, '?limit=2&offset=2');
    expect(first.total).toBe(3);
    expect([...first.reviews, ...second.reviews].map((item) => item._id)).toEqual(all);
  });

  it("shows the author's current name, and a former customer for an account that is gone", async () => {
    const gone = await newBuyer('Gil Gone');
    const renamed = await newBuyer('Rae Before');
    const own = await newProduct();
    for (const buyer of [gone, renamed]) {
      await bought(buyer, own);
      await review(buyer, own);
    }
    await testApp.database.db.delete(users).where(eq(users.email, gone.email));
    await testApp.database.db.update(users).set({ name: 'Rae After' }).where(eq(users.email, renamed.email));
    const names = (await listOf(own)).reviews.map((item) => item.author.name);
    expect(names).toEqual(['Rae After', 'Former customer']);
  });

  it('answers an empty list for a product without reviews', async () => {
    expect(await listOf(await newProduct())).toMatchObject({ reviews: [], total: 0 });
  });

  it.each([
    ['an unknown product', randomUUID()],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_, id) => {
    const response = await get(`/api/products/${id}/reviews`);
    expect(response.statusCode).toBe(404);
  });

  it.each(['limit=0', 'limit=101', 'offset=-1', 'sort=rating'])('refuses ?%s with a 400', async (query) => {
    expect((await get(`/api/products/${productId}/reviews?${query}`)).statusCode).toBe(400);
  });
});

describe('GET /api/products/:id/reviews/eligibility', () => {
  it('says who may review: only a buyer with an unreviewed delivered line', async () => {
    const productId = await newProduct();
    const buyer = await newBuyer();
    const shippedOnly = await newBuyer();
    await bought(buyer, productId);
    await bought(shippedOnly, productId, 'shipped');
    expect((await get(`/api/products/${productId}/reviews/eligibility`)).statusCode).toBe(401);
    expect(await canReview(buyer, productId)).toBe(true);
    for (const account of [shippedOnly, seller, otherSeller, admin]) {
      expect(await canReview(account, productId), account.email).toBe(false);
    }
    await review(buyer, productId);
    expect(await canReview(buyer, productId)).toBe(false);
  });

  it('answers 404 for an unknown product', async () => {
    const response = await get(`/api/products/${randomUUID()}/reviews/eligibility`, seller);
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/products/:id/reviews/:reviewId/reply', () => {
  let productId: string;
  let buyer: TestAccount;

  async function newReview(): Promise<Review> {
    await bought(buyer, productId);
    const response = await review(buyer, productId, { rating: 2, text: 'Arrived scratched.' });
    return ReviewSchema.parse(response.json());
  }

  beforeAll(async () => {
    productId = await newProduct();
    buyer = await newBuyer();
  });

  it("lets only the product's seller reply; an admin may not speak for them", async () => {
    const reviewed = await newReview();
    const refusals: [string, TestAccount | null, number][] = [
      ['anonymous', null, 401],
      ['the buyer', buyer, 403],
      ['another seller', otherSeller, 403],
      ['an admin', admin, 403],
    ];
    for (const [who, account, status] of refusals) {
      expect((await replyTo(account, productId, reviewed._id)).statusCode, who).toBe(status);
    }
    expect((await listOf(productId)).reviews.find((item) => item._id === reviewed._id)?.reply).toBeNull();

    const response = await replyTo(seller, productId, reviewed._id, '  Sorry! A new one is on its way.  ');
    expect(response.statusCode, response.body).toBe(201);
    const replied = ReviewSchema.parse(response.json());
    expect(replied).toMatchObject({ _id: reviewed._id, text: 'Arrived scratched.' });
    expect(replied.reply?.text).toBe('Sorry! A new one is on its way.');
    expect((await listOf(productId)).reviews.find((item) => item._id === reviewed._id)).toEqual(replied);
  });

  it('takes one reply per review', async () => {
    const reviewed = await newReview();
    const answers = await Promise.all([
      replyTo(seller, productId, reviewed._id, 'First'),
      replyTo(seller, productId, reviewed._id, 'Second'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const again = await replyTo(seller, productId, reviewed._id, 'Third');
    expect(again.json<ApiError>()).toEqual({
      error: 'CONFLICT',
      message: 'This review already has your reply.',
    });
    const shown = (await listOf(productId)).reviews.find((item) => item._id === reviewed._id);
    expect(['First', 'Second']).toContain(shown?.reply?.text);
  });

  it('answers 404 for an unknown review, a review of another product, or an unknown product', async () => {
    const reviewed = await newReview();
    const otherProduct = await newProduct();
    for (const [product, reviewId] of [
      [productId, randomUUID()],
      [productId, 'not-a-uuid'],
      [otherProduct, reviewed._id],
      [randomUUID(), reviewed._id],
    ] as const) {
      expect((await replyTo(seller, product, reviewId)).statusCode, `${product} ${reviewId}`).toBe(404);
    }
  });

  it.each([
    ['an empty reply', { text: '   ' }],
    ['a reply of 2001 characters', { text: 'x'.repeat(2001) }],
    ['no text', {}],
    ['an unknown field', { text: 'Thanks', rating: 5 }],
  ])('refuses %s with a 400', async (_, payload) => {
    const reviewed = await newReview();
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/reviews/${reviewed._id}/reply`,
      headers: asBearer(seller),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect((await listOf(productId)).reviews.find((item) => item._id === reviewed._id)?.reply).toBeNull();
  });
});

const call = (method: 'PATCH' | 'DELETE', url: string, account: TestAccount | null, payload?: object) =>
  testApp.app.inject({ method, url, headers: account ? asBearer(account) : {}, ...(payload && { payload }) });

const reviewUrl = (productId: string, reviewId: string) => `/api/products/${productId}/reviews/${reviewId}`;
const editReview = (account: TestAccount | null, productId: string, reviewId: string, payload: object) =>
  call('PATCH', reviewUrl(productId, reviewId), account, payload);
const deleteReview = (account: TestAccount | null, productId: string, reviewId: string) =>
  call('DELETE', reviewUrl(productId, reviewId), account);
const editReply = (account: TestAccount | null, productId: string, reviewId: string, text: string) =>
  call('PATCH', `${reviewUrl(productId, reviewId)}/reply`, account, { text });
const deleteReply = (account: TestAccount | null, productId: string, reviewId: string) =>
  call('DELETE', `${reviewUrl(productId, reviewId)}/reply`, account);

/** A review of the product by a new buyer who received it. */
async function reviewedBy(productId: string, rating: number, name = 'Bea Buyer') {
  const buyer = await newBuyer(name);
  await bought(buyer, productId);
  const response = await review(buyer, productId, { rating, text: `${rating} stars from ${name}` });
  expect(response.statusCode, response.body).toBe(201);
  return { buyer, review: ReviewSchema.parse(response.json()) };
}

/** What the product's shown reviews add up to, counted afresh. */
async function recount(productId: string) {
  const [row] = await testApp.database.db
    .select({ reviewsCount: count(), ratingTotal: sum(reviews.rating).mapWith(Number) })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), isNull(reviews.hiddenAt)));
  return { reviewsCount: row?.reviewsCount ?? 0, ratingTotal: row?.ratingTotal ?? 0 };
}

/** The product's figures, as its answer and its stored columns give them, beside a recount. */
async function expectFiguresToFollow(productId: string, reviewsCount: number, ratingTotal: number) {
  expect(await recount(productId)).toEqual({ reviewsCount, ratingTotal });
  const mean = reviewsCount === 0 ? 0 : ratingTotal / reviewsCount;
  expect(await figuresOf(productId)).toMatchObject({ reviewsCount, ratingTotal });
  expect((await figuresOf(productId))?.ratings).toBeCloseTo(mean, 5);
  const product = await productOf(productId);
  expect(product.reviews_count).toBe(reviewsCount);
  expect(product.ratings).toBeCloseTo(mean, 5);
}

const hideAsAdmin = async (productId: string, reviewId: string) => {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `${reviewUrl(productId, reviewId)}/hide`,
    headers: asBearer(admin),
    payload: { reason: 'Off topic' },
  });
  expect(response.statusCode, response.body).toBe(200);
};

describe('PATCH and DELETE /api/products/:id/reviews/:reviewId', () => {
  it("lets only the review's writer change or delete it; the seller, a stranger and an admin are refused", async () => {
    const productId = await newProduct();
    const { buyer, review: written } = await reviewedBy(productId, 4);
    const stranger = await newBuyer('Sam Stranger');
    await bought(stranger, productId);
    const refusals: [string, TestAccount | null, number, string][] = [
      ['anonymous', null, 401, 'Sign in to do this.'],
      ['another buyer of the product', stranger, 403, "Only the review's writer may change it."],
      ['the seller', seller, 403, "Only the review's writer may change it."],
      ['an admin', admin, 403, 'Admins hide reviews rather than change or delete them.'],
    ];
    for (const [who, account, status, message] of refusals) {
      const edited = await editReview(account, productId, written._id, { rating: 1 });
      expect(edited.statusCode, who).toBe(status);
      expect(edited.json<ApiError>().message, who).toBe(message);
      const deleted = await deleteReview(account, productId, written._id);
      expect(deleted.statusCode, who).toBe(status);
      expect(deleted.json<ApiError>().message, who).toBe(message.replace('change it', 'delete it'));
    }
    expect((await listOf(productId)).reviews).toEqual([written]);
    await expectFiguresToFollow(productId, 1, 4);

    const edited = await editReview(buyer, productId, written._id, {
      rating: 2,
      text: '  Dimmer than I hoped. ',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(ReviewSchema.parse(edited.json())).toMatchObject({ rating: 2, text: 'Dimmer than I hoped.' });
    const deleted = await deleteReview(buyer, productId, written._id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deletedCount: 1 });
  });

  it("marks an edited review and moves the product's figures, sort and search filter with its rating", async () => {
    const word = `Lumenquill${counter}`;
    const productId = await newProduct(`${word} lamp`);
    const rival = await newProduct(`${word} rival`);
    const { buyer, review: written } = await reviewedBy(productId, 5, 'Eda Editor');
    await reviewedBy(productId, 3);
    await reviewedBy(rival, 4);
    // Read first, so that the catalog cache holds the answers from before the edit.
    const ranked = async (query: string) =>
      (await get(`/api/products?q=${word}&${query}`)).json<Product[]>().map((item) => item._id);
    expect(await ranked('sort=rating')).toEqual([productId, rival]);
    expect(await ranked('rating_min=4')).toEqual([rival, productId]);
    await expectFiguresToFollow(productId, 2, 8);

    const response = await editReview(buyer, productId, written._id, { rating: 1 });
    expect(response.statusCode, response.body).toBe(200);
    const edited = ReviewSchema.parse(response.json());
    expect(edited).toMatchObject({
      _id: written._id,
      rating: 1,
      text: '5 stars from Eda Editor',
      createdAt: written.createdAt,
    });
    expect(edited.editedAt).not.toBeNull();
    expect((await listOf(productId)).reviews.find((item) => item._id === written._id)).toEqual(edited);
    await expectFiguresToFollow(productId, 2, 4);
    expect(await ranked('sort=rating')).toEqual([rival, productId]);
    expect(await ranked('rating_min=4')).toEqual([rival]);

    // Only the text: the figures stay.
    const reworded = await editReview(buyer, productId, written._id, { text: 'Stopped working.' });
    expect(ReviewSchema.parse(reworded.json())).toMatchObject({ rating: 1, text: 'Stopped working.' });
    await expectFiguresToFollow(productId, 2, 4);
  });

  it('keeps a hidden review hidden after an edit, and out of the figures', async () => {
    const productId = await newProduct();
    const { buyer, review: written } = await reviewedBy(productId, 5);
    await reviewedBy(productId, 2);
    await hideAsAdmin(productId, written._id);
    await expectFiguresToFollow(productId, 1, 2);
    const edited = await editReview(buyer, productId, written._id, { rating: 1, text: 'Changed my mind.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await listOf(productId)).reviews.map((item) => item._id)).not.toContain(written._id);
    await expectFiguresToFollow(productId, 1, 2);
    // Shown again, it counts as it is now.
    const unhidden = await testApp.app.inject({
      method: 'POST',
      url: `${reviewUrl(productId, written._id)}/unhide`,
      headers: asBearer(admin),
    });
    expect(unhidden.statusCode).toBe(200);
    await expectFiguresToFollow(productId, 2, 3);
  });

  it('deletes a review with its reply; the figures follow and the purchase may be reviewed again', async () => {
    const productId = await newProduct();
    const { buyer, review: written } = await reviewedBy(productId, 5);
    await reviewedBy(productId, 2);
    expect((await replyTo(seller, productId, written._id)).statusCode).toBe(201);
    expect(await eligibilityOf(buyer, productId)).toEqual({ canReview: false, ownReviewIds: [written._id] });

    const response = await deleteReview(buyer, productId, written._id);
    expect(response.statusCode, response.body).toBe(200);
    expect((await listOf(productId)).reviews.map((item) => item.rating)).toEqual([2]);
    await expectFiguresToFollow(productId, 1, 2);
    expect(await eligibilityOf(buyer, productId)).toEqual({ canReview: true, ownReviewIds: [] });
    expect((await deleteReview(buyer, productId, written._id)).statusCode).toBe(404);
    expect((await editReview(buyer, productId, written._id, { rating: 3 })).statusCode).toBe(404);
  });

  it('keeps a hidden review from being deleted, which would free its purchase for a new one', async () => {
    const productId = await newProduct();
    const { buyer, review: written } = await reviewedBy(productId, 5);
    await hideAsAdmin(productId, written._id);
    const response = await deleteReview(buyer, productId, written._id);
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>()).toEqual({
      error: 'CONFLICT',
      message: 'The shop hid this review, so it is kept; you may still change it.',
    });
    expect(await reviewRows(productId)).toHaveLength(1);
    expect(await canReview(buyer, productId)).toBe(false);
  });

  it.each([
    ['no change', {}, 'Change the rating or the text'],
    ['a rating of 6', { rating: 6 }, 'rating": Choose a rating from 1 to 5 stars'],
    ['a text of 2001 characters', { text: 'x'.repeat(2001) }, 'text": The review can be at most 2000'],
    ['an unknown field', { rating: 3, productId: randomUUID() }, 'productId'],
  ])('refuses an edit with %s (400), and changes nothing', async (_, payload, message) => {
    const productId = await newProduct();
    const { buyer, review: written } = await reviewedBy(productId, 4);
    const response = await editReview(buyer, productId, written._id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toContain(message);
    expect((await listOf(productId)).reviews).toEqual([written]);
    await expectFiguresToFollow(productId, 1, 4);
  });

  it('answers 404 for an unknown review, a review of another product, or an unknown product', async () => {
    const productId = await newProduct();
    const { buyer, review: written } = await reviewedBy(productId, 4);
    const otherProduct = await newProduct();
    for (const [product, reviewId] of [
      [productId, randomUUID()],
      [productId, 'not-a-uuid'],
      [otherProduct, written._id],
      [randomUUID(), written._id],
    ] as const) {
      expect((await editReview(buyer, product, reviewId, { rating: 1 })).statusCode).toBe(404);
      expect((await deleteReview(buyer, product, reviewId)).statusCode).toBe(404);
    }
    await expectFiguresToFollow(productId, 1, 4);
  });
});

describe("the seller's reply: mailed, changed and deleted", () => {
  it("mails the review's writer the reply, with a link to the product's reviews", async () => {
    const productId = await newProduct('Mailed lamp');
    const { buyer, review: written } = await reviewedBy(productId, 3, 'Mae Mailed');
    expect((await replyTo(seller, productId, written._id, 'We will send a new shade.')).statusCode).toBe(201);
    const mail = await latestMail(testApp.database.db, buyer.email, 'review-reply');
    expect(mail?.subject).toBe('Sasha Seller replied to your review of Mailed lamp');
    expect(mail?.textBody).toContain('We will send a new shade.');
    expect(mail?.link?.href).toBe(`${TEST_PUBLIC_URL}/product/${productId}#reviews`);
    // A refused second reply mails nothing.
    expect((await replyTo(seller, productId, written._id, 'Again')).statusCode).toBe(409);
    expect(await mailCount(testApp.database.db, buyer.email, 'review-reply')).toBe(1);
  });

  it("lets only the product's seller change or delete the reply; the writer, a stranger and an admin are refused", async () => {
    const productId = await newProduct();
    const { buyer, review: written } = await reviewedBy(productId, 3);
    const first = ReviewSchema.parse((await replyTo(seller, productId, written._id, 'Sorry!')).json());
    const refusals: [string, TestAccount | null, number][] = [
      ['anonymous', null, 401],
      ["the review's writer", buyer, 403],
      ['another seller', otherSeller, 403],
      ['an admin', admin, 403],
    ];
    for (const [who, account, status] of refusals) {
      expect((await editReply(account, productId, written._id, 'Mine now')).statusCode, who).toBe(status);
      expect((await deleteReply(account, productId, written._id)).statusCode, who).toBe(status);
    }
    expect((await listOf(productId)).reviews).toEqual([first]);
    expect(first.reply?.editedAt).toBeNull();

    const edited = await editReply(seller, productId, written._id, '  Sorry! A new one is on its way. ');
    expect(edited.statusCode, edited.body).toBe(200);
    const withEdit = ReviewSchema.parse(edited.json());
    expect(withEdit.reply).toMatchObject({
      text: 'Sorry! A new one is on its way.',
      createdAt: first.reply?.createdAt,
    });
    expect(withEdit.reply?.editedAt).not.toBeNull();
    expect((await listOf(productId)).reviews).toEqual([withEdit]);

    const deleted = await deleteReply(seller, productId, written._id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(ReviewSchema.parse(deleted.json()).reply).toBeNull();
    expect((await listOf(productId)).reviews[0]?.reply).toBeNull();
    for (const answer of [
      await editReply(seller, productId, written._id, 'Again'),
      await deleteReply(seller, productId, written._id),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json<ApiError>()).toEqual({ error: 'NOT_FOUND', message: 'Reply not found' });
    }
    // The seller may write another.
    expect((await replyTo(seller, productId, written._id, 'Fixed.')).statusCode).toBe(201);
    // Nothing of this touched the figures.
    await expectFiguresToFollow(productId, 1, 3);
  });

  it.each([
    ['an empty reply', { text: '  ' }],
    ['a reply of 2001 characters', { text: 'x'.repeat(2001) }],
    ['an unknown field', { text: 'Hi', rating: 5 }],
  ])('refuses a changed reply that is %s (400)', async (_, payload) => {
    const productId = await newProduct();
    const { review: written } = await reviewedBy(productId, 3);
    await replyTo(seller, productId, written._id, 'Kept');
    const response = await call('PATCH', `${reviewUrl(productId, written._id)}/reply`, seller, payload);
    expect(response.statusCode).toBe(400);
    expect((await listOf(productId)).reviews[0]?.reply?.text).toBe('Kept');
  });
});

describe('GET /api/sales/reviews', () => {
  const sellerReviews = async (account: TestAccount | null, query = '') => {
    const response = await get(`/api/sales/reviews${query}`, account);
    return { response, total: Number(response.headers[TOTAL_COUNT_HEADER]) };
  };

  it('lists the shown reviews of your products, those waiting for your reply first, then newest', async () => {
    const listSeller = await signUp(testApp.app, `reviews-lister-${counter}@bazaar.test`, 'Lia Lister');
    const [lamp, mug] = await insertProducts(testApp.database.db, [
      productRow({
        sellerId: listSeller.id,
        name: 'Listed lamp',
        reviewsCount: 0,
        ratingTotal: 0,
        ratings: 0,
      }),
      productRow({
        sellerId: listSeller.id,
        name: 'Listed mug',
        reviewsCount: 0,
        ratingTotal: 0,
        ratings: 0,
      }),
    ]);
    const written: Review[] = [];
    for (const [productId, rating] of [
      [lamp!.id, 5],
      [mug!.id, 4],
      [lamp!.id, 3],
      [mug!.id, 2],
      [lamp!.id, 1],
    ] as const) {
      written.push((await reviewedBy(productId, rating)).review);
    }
    const productOfReview = [lamp!.id, mug!.id, lamp!.id, mug!.id, lamp!.id];
    // Answered: the second and the fourth; hidden: the last.
    for (const i of [1, 3]) {
      const answer = await replyTo(listSeller, productOfReview[i]!, written[i]!._id);
      expect(answer.statusCode, answer.body).toBe(201);
    }
    await hideAsAdmin(lamp!.id, written[4]!._id);

    const { response, total } = await sellerReviews(listSeller);
    expect(response.statusCode, response.body).toBe(200);
    const listed = response.json<unknown[]>().map((item) => SellerReviewSchema.parse(item));
    expect(total).toBe(4);
    expect(listed.map((item) => [item.product.name, item.rating, item.reply === null])).toEqual([
      ['Listed lamp', 3, true],
      ['Listed lamp', 5, true],
      ['Listed mug', 2, false],
      ['Listed mug', 4, false],
    ]);
    expect(response.body).not.toContain('@');
    const paged = (await sellerReviews(listSeller, '?limit=2&offset=1')).response.json<
      { rating: number }[]
    >();
    expect(paged.map((item) => item.rating)).toEqual([5, 2]);

    // Another seller and an admin see none of them; anonymous is refused.
    for (const account of [otherSeller, admin]) {
      const answer = await sellerReviews(account);
      expect(answer.response.statusCode).toBe(200);
      expect(
        answer.response.json<{ product: { _id: string } }[]>().map((item) => item.product._id),
      ).not.toContain(lamp!.id);
    }
    expect((await sellerReviews(null)).response.statusCode).toBe(401);
  });

  it.each(['limit=0', 'limit=101', 'offset=-1', 'awaiting=yes'])('refuses ?%s with a 400', async (query) => {
    expect((await sellerReviews(seller, `?${query}`)).response.statusCode).toBe(400);
  });
});

// PostgreSQL only: PGlite runs one statement at a time, so nothing there races.
describe.runIf(testEngine === 'postgres')("edits and deletes of a product's reviews at once", () => {
  it('leave the figures equal to a recount', async () => {
    for (let round = 0; round < 4; round += 1) {
      const productId = await newProduct();
      const written = await Promise.all(
        [5, 4, 3, 2, 1, 5].map((rating, i) => reviewedBy(productId, rating, `R${i}`)),
      );
      const [a, b, c, d, e, f] = written;
      const answers = await Promise.all([
        // Two edits of one review.
        editReview(a!.buyer, productId, a!.review._id, { rating: 1 }),
        editReview(a!.buyer, productId, a!.review._id, { rating: 3 }),
        // An edit and a delete of one review.
        editReview(b!.buyer, productId, b!.review._id, { rating: 5 }),
        deleteReview(b!.buyer, productId, b!.review._id),
        // Two deletes of one review.
        deleteReview(c!.buyer, productId, c!.review._id),
        deleteReview(c!.buyer, productId, c!.review._id),
        // Different reviews at once, one of them being hidden.
        editReview(d!.buyer, productId, d!.review._id, { rating: 4 }),
        editReview(e!.buyer, productId, e!.review._id, { rating: 5 }),
        hideAsAdmin(productId, e!.review._id).then(() => undefined),
        deleteReview(f!.buyer, productId, f!.review._id),
      ]);
      const statuses = answers.flatMap((answer) => (answer ? [answer.statusCode] : []));
      expect(
        statuses.every((status) => [200, 404].includes(status)),
        statuses.join(),
      ).toBe(true);
      const { reviewsCount, ratingTotal } = await recount(productId);
      await expectFiguresToFollow(productId, reviewsCount, ratingTotal);
    }
  });
});
