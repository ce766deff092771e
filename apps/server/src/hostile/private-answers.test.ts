import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@bazaar/shared/orders';
import type { Product } from '@bazaar/shared/products';
import type { Refund } from '@bazaar/shared/payments';
import type { Review } from '@bazaar/shared/reviews';
import { createAuth } from '../modules/auth/auth.ts';
import { createRateLimiter } from '../lib/rate-limiter.ts';
import {
  asBearer,
  signUp,
  signUpAdmin,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestAccount,
} from '../test/accounts.ts';
import { confirmationToken } from '../test/email-confirmation.ts';
import { changeStatus, orderBody } from '../test/order-fixtures.ts';
import { checkoutSession, useStripeStandIn } from '../test/card-fixtures.ts';
import { claimed, claimOf, decide, moveSale, WALLET_ENV, walletOrder } from '../test/payment-fixtures.ts';
import { useTestApp } from '../test/test-app.ts';
import { phonePhoto, upload } from '../test/uploads.ts';
import { fakeWebBuild } from '../test/web-build.ts';

/**
 * Every answer of a signed-in route, and every answer of Better Auth, is about one caller: no browser or shared
 * cache may keep it (`Cache-Control: no-store`). The routes come from the app itself, so a new signed-in route
 * without a call below fails the first test, and one that answers outside the one hook (a raw reply) the second.
 */
// A grace period to take a shipment back in, so that its route answers its owner; cards through the Stripe stand-in;
// credits that may be paid out at once.
const stripe = useStripeStandIn();
const testApp = useTestApp(
  () => ({ ...WALLET_ENV, ...stripe.env(), SHIPPING_GRACE_SECONDS: '600', PAYOUT_HOLD_DAYS: '0' }),
  { webDist: fakeWebBuild({ assets: false }) },
);

let seller: TestAccount;
let buyer: TestAccount;
let admin: TestAccount;

interface Call {
  as: () => TestAccount;
  url: () => string;
  payload?: () => object;
}

const call = (as: () => TestAccount, url: () => string, payload?: () => object): Call => ({
  as,
  url,
  payload,
});

let product: Product;
let spare: Product;
let order: Order;
let cancellable: Order;
let review: Review;
/** A bKash order to claim, the claim made of it, another claim to reject, and a refund due. */
let unpaid: Order;
let claimId: string;
let toReject: string;
let refundId: string;
/** A card order, and a Checkout Session of it to come back from. */
let byCard: Order;
let sessionId: string;
/** An account that confirms its address (which ends its sessions), and the token of its link. */
let newcomer: TestAccount;
let confirmation: string;

async function ok(response: LightMyRequestResponse, what: string) {
  if (response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response;
}

/**
 * How each signed-in route (and each private answer outside Better Auth) answers its owner with a 2xx, in the order they run (a review needs a delivered line,
 * the delete a product of its own).
 */
const CALLS: [string, Call][] = [
  [
    'POST /api/users',
    call(
      () => seller,
      () => '/api/users',
      () => ({ email: seller.email }),
    ),
  ],
  [
    'GET /api/users/:email',
    call(
      () => seller,
      () => `/api/users/${seller.email}`,
    ),
  ],
  [
    'PATCH /api/users/:email',
    call(
      () => seller,
      () => `/api/users/${seller.email}`,
      () => ({ phone: '+1 555 0100' }),
    ),
  ],
  [
    'POST /api/uploads',
    call(
      () => seller,
      () => '/api/uploads',
    ),
  ],
  [
    'POST /api/products',
    call(
      () => seller,
      () => '/api/products',
      () => ({ name: 'No-store Stool', price: 9 }),
    ),
  ],
  [
    'PATCH /api/products/:id',
    call(
      () => seller,
      () => `/api/products/${product._id}`,
      () => ({ price: 10 }),
    ),
  ],
  [
    'DELETE /api/products/:id',
    call(
      () => seller,
      () => `/api/products/${spare._id}`,
    ),
  ],
  [
    'POST /api/orders',
    call(
      () => buyer,
      () => '/api/orders',
      () => orderBody([product._id]),
    ),
  ],
  [
    'GET /api/orders',
    call(
      () => buyer,
      () => '/api/orders',
    ),
  ],
  [
    'GET /api/orders/:email',
    call(
      () => buyer,
      () => `/api/orders/${buyer.email}`,
    ),
  ],
  [
    'GET /api/orders/by-number/:number',
    call(
      () => buyer,
      () => `/api/orders/by-number/${order.number}`,
    ),
  ],
  [
    'PATCH /api/orders/:id/status',
    call(
      () => buyer,
      () => `/api/orders/${cancellable._id}/status`,
      () => ({ status: 'cancelled' }),
    ),
  ],
  [
    'GET /api/users',
    call(
      () => seller,
      () => '/api/users',
    ),
  ],
  [
    'GET /api/sales',
    call(
      () => seller,
      () => '/api/sales',
    ),
  ],
  [
    'PATCH /api/sales/:orderId/status',
    call(
      () => seller,
      () => `/api/sales/${order._id}/status`,
      () => ({ status: 'shipped' }),
    ),
  ],
  [
    'PATCH /api/sales/:orderId/shipment',
    call(
      () => seller,
      () => `/api/sales/${order._id}/shipment`,
      () => ({ carrier: 'RedX', trackingNumber: 'RX 1234' }),
    ),
  ],
  [
    'DELETE /api/sales/:orderId/shipment',
    call(
      () => seller,
      () => `/api/sales/${order._id}/shipment`,
    ),
  ],
  [
    'GET /api/stats/overview',
    call(
      () => admin,
      () => '/api/stats/overview',
    ),
  ],
  [
    'GET /api/products/:id/reviews/eligibility',
    call(
      () => buyer,
      () => `/api/products/${product._id}/reviews/eligibility`,
    ),
  ],
  [
    'POST /api/products/:id/reviews',
    call(
      () => buyer,
      () => `/api/products/${product._id}/reviews`,
      () => ({ rating: 4 }),
    ),
  ],
  [
    'POST /api/products/:id/reviews/:reviewId/reply',
    call(
      () => seller,
      () => `/api/products/${product._id}/reviews/${review._id}/reply`,
      () => ({ text: 'Thanks!' }),
    ),
  ],
  [
    'PATCH /api/products/:id/reviews/:reviewId/reply',
    call(
      () => seller,
      () => `/api/products/${product._id}/reviews/${review._id}/reply`,
      () => ({ text: 'Thank you!' }),
    ),
  ],
  [
    'DELETE /api/products/:id/reviews/:reviewId/reply',
    call(
      () => seller,
      () => `/api/products/${product._id}/reviews/${review._id}/reply`,
    ),
  ],
  [
    'GET /api/sales/reviews',
    call(
      () => seller,
      () => '/api/sales/reviews',
    ),
  ],
  [
    'GET /api/reviews',
    call(
      () => admin,
      () => '/api/reviews',
    ),
  ],
  [
    'POST /api/products/:id/reviews/:reviewId/hide',
    call(
      () => admin,
      () => `/api/products/${product._id}/reviews/${review._id}/hide`,
      () => ({ reason: 'Written by the seller' }),
    ),
  ],
  [
    'POST /api/products/:id/reviews/:reviewId/unhide',
    call(
      () => admin,
      () => `/api/products/${product._id}/reviews/${review._id}/unhide`,
    ),
  ],
  [
    'PATCH /api/products/:id/reviews/:reviewId',
    call(
      () => buyer,
      () => `/api/products/${product._id}/reviews/${review._id}`,
      () => ({ rating: 3 }),
    ),
  ],
  [
    'DELETE /api/products/:id/reviews/:reviewId',
    call(
      () => buyer,
      () => `/api/products/${product._id}/reviews/${review._id}`,
    ),
  ],
  [
    'POST /api/orders/:id/payments',
    call(
      () => buyer,
      () => `/api/orders/${unpaid._id}/payments`,
      () => claimOf(unpaid),
    ),
  ],
  [
    'POST /api/orders/:id/payments/card',
    call(
      () => buyer,
      () => `/api/orders/${byCard._id}/payments/card`,
    ),
  ],
  [
    'POST /api/orders/:id/payments/card/return',
    call(
      () => buyer,
      () => `/api/orders/${byCard._id}/payments/card/return`,
      () => ({ sessionId }),
    ),
  ],
  [
    'GET /api/payments/cards',
    call(
      () => admin,
      () => '/api/payments/cards?status=paid',
    ),
  ],
  [
    'GET /api/payments',
    call(
      () => admin,
      () => '/api/payments?status=awaiting_verification',
    ),
  ],
  [
    'POST /api/payments/:id/accept',
    call(
      () => admin,
      () => `/api/payments/${claimId}/accept`,
    ),
  ],
  [
    'POST /api/payments/:id/reject',
    call(
      () => admin,
      () => `/api/payments/${toReject}/reject`,
      () => ({ reason: 'Not received' }),
    ),
  ],
  [
    'GET /api/payments/refunds',
    call(
      () => admin,
      () => '/api/payments/refunds?status=due',
    ),
  ],
  [
    'POST /api/payments/refunds/:id/done',
    call(
      () => admin,
      () => `/api/payments/refunds/${refundId}/done`,
      () => ({ reference: 'RF-1' }),
    ),
  ],
  [
    'GET /api/settings/payments',
    call(
      () => admin,
      () => '/api/settings/payments',
    ),
  ],
  [
    'PATCH /api/settings/payments',
    call(
      () => admin,
      () => '/api/settings/payments',
      () => ({ rocketNumber: null }),
    ),
  ],
  [
    'GET /api/earnings',
    call(
      () => seller,
      () => '/api/earnings',
    ),
  ],
  [
    'GET /api/earnings/statement.csv',
    call(
      () => seller,
      () => '/api/earnings/statement.csv?month=2026-11',
    ),
  ],
  [
    'GET /api/balances',
    call(
      () => admin,
      () => '/api/balances',
    ),
  ],
  [
    'POST /api/sellers/:handle/payouts',
    call(
      () => admin,
      () => `/api/sellers/${seller.handle}/payouts`,
      () => ({ amount: 1, method: 'bkash', reference: 'NO-STORE-1' }),
    ),
  ],
  [
    'GET /api/account/confirm-email',
    call(
      () => newcomer,
      () => `/api/account/confirm-email?token=${confirmation}`,
    ),
  ],
  [
    'POST /api/account/confirm-email',
    call(
      () => newcomer,
      () => '/api/account/confirm-email',
      () => ({ token: confirmation, password: TEST_PASSWORD }),
    ),
  ],
];

/** Better Auth's GET endpoints behind `/api/auth/*`, from a Better Auth configured as the test app's. */
function authGetPaths(): string[] {
  const auth = createAuth(testApp.database.db, {
    publicUrl: testApp.env.PUBLIC_URL,
    secret: 'a secret only for listing the endpoints',
    limiter: createRateLimiter(testApp.database.db, { max: 1, windowSeconds: 1 }),
    log: testApp.app.log,
    requireEmailVerification: testApp.env.REQUIRE_EMAIL_VERIFICATION,
    accountMailsPerHour: 1,
  });
  return Object.values(auth.api).flatMap((endpoint: { path?: string; options?: { method?: unknown } }) =>
    endpoint.path && [endpoint.options?.method].flat().includes('GET') ? [`/api/auth${endpoint.path}`] : [],
  );
}

const noStore = (response: LightMyRequestResponse) => response.headers['cache-control'];

beforeAll(async () => {
  seller = await signUp(testApp.app, 'nostore-seller@bazaar.test', 'Nora Seller');
  buyer = await signUp(testApp.app, 'nostore-buyer@bazaar.test', 'Ben Buyer');
  newcomer = await signUp(testApp.app, 'nostore-newcomer@bazaar.test', 'Nell Newcomer');
  confirmation = await confirmationToken(testApp.database.db, newcomer.email);
  admin = await signUpAdmin(testApp);
  const create = async (name: string) =>
    (
      await ok(
        await testApp.app.inject({
          method: 'POST',
          url: '/api/products',
          headers: asBearer(seller),
          payload: { name, price: 5 },
        }),
        'product',
      )
    ).json<Product>();
  product = await create('No-store Lamp');
  spare = await create('No-store Spare');
  const place = async () =>
    (
      await ok(
        await testApp.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: asBearer(buyer),
          payload: orderBody([product._id]),
        }),
        'order',
      )
    ).json<Order>();
  order = await place();
  cancellable = await place();
  unpaid = await walletOrder(testApp.app, buyer, [product._id]);
  byCard = await walletOrder(testApp.app, buyer, [product._id], [1], 'card');
  sessionId = await checkoutSession(testApp.app, buyer, byCard);
  toReject = await claimed(testApp.app, buyer, await walletOrder(testApp.app, buyer, [product._id]));
  const refunded = await walletOrder(testApp.app, buyer, [product._id]);
  await ok(await decide(testApp.app, admin, await claimed(testApp.app, buyer, refunded), 'accept'), 'accept');
  await ok(await changeStatus(testApp.app, admin, refunded._id, 'cancelled'), 'cancel');
  // Paid and delivered: the seller has earnings to pay out.
  const earned = await walletOrder(testApp.app, buyer, [product._id]);
  await ok(await decide(testApp.app, admin, await claimed(testApp.app, buyer, earned), 'accept'), 'accept');
  for (const status of ['shipped', 'delivered']) {
    await ok(await moveSale(testApp.app, seller, earned._id, status), status);
  }
  const refunds = await testApp.app.inject({
    method: 'GET',
    url: '/api/payments/refunds?status=due',
    headers: asBearer(admin),
  });
  refundId = refunds.json<Refund[]>()[0]!._id;
});

describe('Cache-Control: no-store on every private answer', () => {
  it('has a call for every signed-in route and private answer, and only for those', () => {
    const signedIn = testApp.privateRoutes.filter((route) => !route.includes('/api/auth/'));
    expect(signedIn.length).toBeGreaterThan(10);
    expect(CALLS.map(([route]) => route).sort()).toEqual([...signedIn].sort());
  });

  it('on each signed-in route, answered to its owner', async () => {
    const missing: string[] = [];
    for (const [route, { as, url, payload }] of CALLS) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PATCH' | 'DELETE';
      const response =
        route === 'POST /api/uploads'
          ? await upload(testApp.app, as(), await phonePhoto({ width: 64, height: 48 }))
          : await testApp.app.inject({ method, url: url(), headers: asBearer(as()), payload: payload?.() });
      await ok(response, route);
      if (route === 'POST /api/orders') expect(response.statusCode).toBe(201);
      if (route === 'DELETE /api/sales/:orderId/shipment') {
        // Shipped again and delivered, so that the buyer may review it next.
        for (const status of ['shipped', 'delivered']) {
          await ok(
            await testApp.app.inject({
              method: 'PATCH',
              url: `/api/sales/${order._id}/status`,
              headers: asBearer(seller),
              payload: { status },
            }),
            status,
          );
        }
      }
      if (route === 'POST /api/products/:id/reviews') review = response.json<Review>();
      if (route === 'POST /api/orders/:id/payments') claimId = response.json<{ _id: string }>()._id;
      if (noStore(response) !== 'no-store') missing.push(`${route}: ${String(noStore(response))}`);
    }
    expect(missing).toEqual([]);
  });

  it("on a signed-in route's refusal of an anonymous caller", async () => {
    for (const url of ['/api/orders', '/api/users', '/api/sales', '/api/stats/overview']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(noStore(response), url).toBe('no-store');
    }
  });

  it("on every GET of Better Auth, its session's and accounts' answers among them", async () => {
    const answered: Record<string, number> = {};
    const missing: string[] = [];
    for (const path of authGetPaths()) {
      const response = await testApp.app.inject({ method: 'GET', url: path, headers: asBearer(buyer) });
      answered[path] = response.statusCode;
      if (noStore(response) !== 'no-store') missing.push(`${path} (${response.statusCode})`);
    }
    expect(missing).toEqual([]);
    for (const path of ['/api/auth/get-session', '/api/auth/list-sessions', '/api/auth/list-accounts']) {
      expect(answered[path], path).toBe(200);
    }
  });

  it("on Better Auth's sign-up, sign-in and update-user", async () => {
    const answers = [
      await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN },
        payload: { name: 'Nia Newcomer', email: 'nostore-new@bazaar.test', password: TEST_PASSWORD },
      }),
      await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: buyer.email, password: TEST_PASSWORD },
      }),
      await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { ...asBearer(buyer), origin: TEST_ORIGIN },
        payload: { name: 'Ben Buyer' },
      }),
    ];
    for (const response of answers) {
      expect(response.statusCode, response.body).toBe(200);
      expect(noStore(response)).toBe('no-store');
    }
  });

  it('leaves public answers to their own rules', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(200);
    expect(noStore(response)).not.toBe('no-store');
  });
});
