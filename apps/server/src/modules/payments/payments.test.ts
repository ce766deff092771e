import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiError } from '@bazaar/shared/errors';
import type { PublicConfig } from '@bazaar/shared/auth';
import type { Order } from '@bazaar/shared/orders';
import { PaymentClaimSchema, RefundSchema, type Refund } from '@bazaar/shared/payments';
import { orders, paymentClaims, paymentEvents } from '../../db/schema.ts';
import { asBearer, signUp, signUpAdmin, type TestAccount } from '../../test/accounts.ts';
import { orderBody, placeOrder } from '../../test/order-fixtures.ts';
import { latestMail } from '../../test/outbox.ts';
import {
  claimed,
  claimOf,
  decide,
  moveSale,
  orderAs,
  saleAs,
  sendClaim,
  WALLET_ENV,
  walletOrder,
} from '../../test/payment-fixtures.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { TEST_PUBLIC_URL, useTestApp } from '../../test/test-app.ts';

const testApp = useTestApp({ BKASH_NUMBER: WALLET_ENV.BKASH_NUMBER });
let bea: TestAccount;
/** Sells mugs. */
let mia: TestAccount;
/** Sells lamps. */
let leo: TestAccount;
/** Sells pens, never in the orders below. */
let otto: TestAccount;
let admin: TestAccount;
let mug: string;
let lamp: string;

beforeAll(async () => {
  bea = await signUp(testApp.app, 'bea-pays@bazaar.test', 'Bea Buyer');
  mia = await signUp(testApp.app, 'mia-paid@bazaar.test', 'Mia Mugs');
  leo = await signUp(testApp.app, 'leo-paid@bazaar.test', 'Leo Lamps');
  otto = await signUp(testApp.app, 'otto-paid@bazaar.test', 'Otto Pens');
  admin = await signUpAdmin(testApp);
  const [mugRow, lampRow] = await insertProducts(testApp.database.db, [
    productRow({ name: 'Mug', priceCents: 1000, sellerId: mia.id, stock: 1000 }),
    productRow({ name: 'Lamp', priceCents: 4500, sellerId: leo.id, stock: 1000 }),
    productRow({ name: 'Pen', priceCents: 200, sellerId: otto.id }),
  ]);
  mug = mugRow!.id;
  lamp = lampRow!.id;
});

/** A bKash order of Bea: 2 of Mia's mugs and 1 of Leo's lamps. */
const newOrder = (method: Order['paymentMethod'] = 'bkash') =>
  walletOrder(testApp.app, bea, [mug, lamp], [2, 1], method);

const get = (account: TestAccount | null, url: string) =>
  testApp.app.inject({ method: 'GET', url, headers: account ? asBearer(account) : {} });

const post = (account: TestAccount | null, url: string, payload?: object) =>
  testApp.app.inject({
    method: 'POST',
    url,
    headers: account ? asBearer(account) : {},
    ...(payload ? { payload } : {}),
  });

/** Sends `request` as each caller: 401 for the anonymous one, 403 for the others. */
async function refusedAs(
  callers: TestAccount[],
  request: (caller: TestAccount | null) => Promise<{ statusCode: number }>,
) {
  expect((await request(null)).statusCode).toBe(401);
  for (const caller of callers) expect((await request(caller)).statusCode, caller.email).toBe(403);
}

/** A paid bKash order: claimed by Bea, accepted by the admin. */
async function paidOrder(): Promise<Order> {
  const order = await newOrder();
  const claimId = await claimed(testApp.app, bea, order);
  expect((await decide(testApp.app, admin, claimId, 'accept')).statusCode).toBe(200);
  return orderAs(testApp.app, bea, order);
}

const eventKinds = (order: Order) => order.payment.events.map((event) => event.kind);

describe('the payment methods offered', () => {
  it('offers cash on delivery always, and a wallet only with a number to send to', async () => {
    const response = await get(null, '/api/config');
    expect(response.json<PublicConfig>().payments).toEqual({
      methods: ['cash on delivery', 'bkash'],
      bkashNumber: WALLET_ENV.BKASH_NUMBER,
      rocketNumber: null,
    });
  });

  it('refuses an order paid by a method not offered (400 naming paymentMethod), placing nothing', async () => {
    const response = await placeOrder(testApp.app, bea, { ...orderBody([mug]), paymentMethod: 'rocket' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>()).toMatchObject({
      error: 'VALIDATION_ERROR',
      details: [
        { path: 'paymentMethod', message: 'Rocket is not offered: choose Cash on delivery or bKash.' },
      ],
    });
  });

  const patch = (account: TestAccount | null, payload: object) =>
    testApp.app.inject({
      method: 'PATCH',
      url: '/api/settings/payments',
      headers: account ? asBearer(account) : {},
      payload,
    });

  it("lets an admin set the shop's numbers, which win over the configuration, and no one else", async () => {
    const numbers = { bkashNumber: '01700-111111', rocketNumber: '01800-222222' };
    await refusedAs([bea, mia, otto], (caller) => patch(caller, numbers));
    await refusedAs([bea, mia, otto], (caller) => get(caller, '/api/settings/payments'));
    expect((await get(admin, '/api/settings/payments')).json()).toEqual({
      bkashNumber: WALLET_ENV.BKASH_NUMBER,
      rocketNumber: null,
      commissionPercent: 0,
    });

    const set = await patch(admin, numbers);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ ...numbers, commissionPercent: 0 });
    expect((await get(null, '/api/config')).json<PublicConfig>().payments).toEqual({
      methods: ['cash on delivery', 'bkash', 'rocket'],
      ...numbers,
    });
    const rocket = await walletOrder(testApp.app, bea, [mug], [1], 'rocket');
    expect(rocket.payment).toMatchObject({ method: 'rocket', status: 'unpaid' });

    // Null falls back to the configuration: bKash's number, no Rocket.
    expect((await patch(admin, { bkashNumber: null, rocketNumber: null })).json()).toEqual({
      bkashNumber: WALLET_ENV.BKASH_NUMBER,
      rocketNumber: null,
      commissionPercent: 0,
    });
  });

  it('answers a retry of an order whose method is no longer offered with that order; a new one is refused', async () => {
    await patch(admin, { rocketNumber: '01800-333333' });
    const body = { ...orderBody([mug]), paymentMethod: 'rocket' };
    const first = await placeOrder(testApp.app, bea, body, 'rocket-retry');
    expect(first.statusCode).toBe(201);
    await patch(admin, { rocketNumber: null });

    const retry = await placeOrder(testApp.app, bea, body, 'rocket-retry');
    expect(retry.statusCode).toBe(200);
    expect(retry.json<Order>()._id).toBe(first.json<Order>()._id);
    const another = await placeOrder(testApp.app, bea, body, 'rocket-again');
    expect(another.statusCode).toBe(400);
    expect(another.json<ApiError>().details).toEqual([
      { path: 'paymentMethod', message: 'Rocket is not offered: choose Cash on delivery or bKash.' },
    ]);
  });
});

describe('a bKash order', () => {
  it('is unpaid once placed, and its mail says how much to send, where, and links its page', async () => {
    const order = await newOrder();
    expect(order.payment).toEqual({
      method: 'bkash',
      status: 'unpaid',
      paid: 0,
      refunded: 0,
      due: 85,
      events: [],
    });
    const mail = await latestMail(testApp.database.db, bea.email, 'order-placed');
    expect(mail?.subject).toBe(`Your order ${order.number} is placed`);
    expect(mail?.textBody).toContain(`send $85.00 by bKash to ${WALLET_ENV.BKASH_NUMBER}`);
    expect(mail?.textBody).toContain(`${TEST_PUBLIC_URL}/dashboard/orders/${order.number}`);
  });

  it.each(['bkash', 'cash on delivery'] as const)(
    'answers its placement (%s) with the payment its page shows, shipping included',
    async (method) => {
      const order = await newOrder(method);
      expect(order.payment.due).toBe(85);
      expect((await orderAs(testApp.app, bea, order)).payment).toEqual(order.payment);
    },
  );

  it('placed before payments were recorded ships unpaid, as it was placed to, and its sale says so', async () => {
    const order = await newOrder();
    expect((await saleAs(testApp.app, mia, order)).payment.shipsOncePaid).toBe(true);
    await testApp.database.db
      .update(orders)
      .set({ orderTime: new Date('2020-01-01T00:00:00Z') })
      .where(eq(orders.id, order._id));
    expect((await saleAs(testApp.app, mia, order)).payment).toMatchObject({
      status: 'unpaid',
      shipsOncePaid: false,
    });
    expect((await moveSale(testApp.app, mia, order._id, 'shipped')).statusCode).toBe(200);
  });

  it('cannot be shipped unpaid (409 NOT_PAID), nor while its claim waits', async () => {
    const order = await newOrder();
    for (const seller of [mia, admin]) {
      const response = await moveSale(testApp.app, seller, order._id, 'shipped');
      expect(response.statusCode).toBe(409);
      expect(response.json<ApiError>().error).toBe('NOT_PAID');
    }
    await claimed(testApp.app, bea, order);
    expect((await moveSale(testApp.app, mia, order._id, 'shipped')).statusCode).toBe(409);
    expect((await orderAs(testApp.app, bea, order)).products.map((line) => line.status)).toEqual([
      'processing',
      'processing',
    ]);
  });
});

describe('POST /api/orders/:id/payments', () => {
  it('takes a claim from the buyer only; anyone else is refused and nothing is recorded', async () => {
    const order = await newOrder();
    const body = claimOf(order);
    await refusedAs([mia, otto, admin], (caller) => sendClaim(testApp.app, caller, order._id, body));
    expect((await orderAs(testApp.app, bea, order)).payment.events).toEqual([]);

    const response = await sendClaim(testApp.app, bea, order._id, body);
    expect(response.statusCode, response.body).toBe(201);
    const { _id } = response.json<{ _id: string }>();
    const seen = await orderAs(testApp.app, bea, order);
    expect(seen.payment).toEqual({
      method: 'bkash',
      status: 'awaiting_verification',
      paid: 0,
      refunded: 0,
      due: 85,
      events: [
        {
          _id: expect.any(String) as string,
          kind: 'claimed',
          amount: 85,
          by: 'buyer',
          reference: body.transactionId,
          at: expect.any(String) as string,
        },
      ],
    });
    const [stored] = await testApp.database.db.select().from(paymentClaims).where(eq(paymentClaims.id, _id));
    expect(stored).toMatchObject({
      orderId: order._id,
      sender: body.sender,
      status: 'pending',
      amountCents: 8500,
    });
  });

  it("shows each seller whether their part is paid, never the buyer's number or transaction ID", async () => {
    const order = await newOrder();
    const body = claimOf(order);
    await claimed(testApp.app, bea, order, body);
    const sale = await saleAs(testApp.app, mia, order);
    expect(sale.payment).toEqual({
      method: 'bkash',
      status: 'awaiting_verification',
      due: 30,
      shipsOncePaid: true,
    });
    const sales = await get(mia, '/api/sales?limit=100');
    expect(sales.body).not.toContain(body.transactionId);
    expect(sales.body).not.toContain(body.sender);
  });

  it('refuses an amount other than the one due, saying which (409)', async () => {
    const order = await newOrder();
    const response = await sendClaim(testApp.app, bea, order._id, claimOf(order, { amount: 60 }));
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>()).toEqual({
      error: 'CONFLICT',
      message: 'The amount due is $85.00: send exactly that.',
      details: [{ path: 'amount', message: 'The amount due is $85.00: send exactly that.' }],
      amount: 85,
    });
  });

  it('refuses a second claim while one waits, and a claim for an order paid already', async () => {
    const order = await newOrder();
    const claimId = await claimed(testApp.app, bea, order);
    const waiting = await sendClaim(testApp.app, bea, order._id, claimOf(order));
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json<ApiError>().message).toBe(
      'A payment of this order is already waiting to be verified.',
    );
    await decide(testApp.app, admin, claimId, 'accept');
    const paid = await sendClaim(testApp.app, bea, order._id, claimOf(order, { amount: 85 }));
    expect(paid.statusCode).toBe(409);
    expect(paid.json<ApiError>().message).toBe('This order is paid already.');
  });

  it('refuses a claim for a cash order, and one naming another wallet', async () => {
    const cash = await newOrder('cash on delivery');
    const response = await sendClaim(
      testApp.app,
      bea,
      cash._id,
      claimOf(cash, { method: 'bkash', amount: 85 }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>().message).toBe(
      'This order is paid in cash on delivery: there is nothing to send now.',
    );
    const order = await newOrder();
    const rocket = await sendClaim(testApp.app, bea, order._id, claimOf(order, { method: 'rocket' }));
    expect(rocket.statusCode).toBe(400);
    expect(rocket.json<ApiError>().details).toEqual([
      { path: 'method', message: 'This order is paid by bKash.' },
    ]);
  });

  it('takes a transaction ID once, whoever sends it and however it is spaced or cased (409 naming it)', async () => {
    const first = await newOrder();
    await claimed(testApp.app, bea, first, claimOf(first, { transactionId: '9QX 77a1 b2' }));
    const other = await walletOrder(testApp.app, mia, [lamp], [1]);
    const response = await sendClaim(
      testApp.app,
      mia,
      other._id,
      claimOf(other, { transactionId: '9qx77A1B2' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>()).toMatchObject({
      message: 'The transaction ID 9QX77A1B2 was already used to pay an order.',
      details: [{ path: 'transactionId' }],
    });
    expect((await orderAs(testApp.app, mia, other)).payment.status).toBe('unpaid');
  });

  it('lets a rejected buyer claim again, at most 3 times', async () => {
    const order = await newOrder();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const claimId = await claimed(testApp.app, bea, order);
      expect((await decide(testApp.app, admin, claimId, 'reject', 'Not received')).statusCode).toBe(200);
    }
    const fourth = await sendClaim(testApp.app, bea, order._id, claimOf(order));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json<ApiError>().message).toBe(
      "This order's payment was rejected 3 times: please contact us about it.",
    );
    expect((await orderAs(testApp.app, bea, order)).payment).toMatchObject({ status: 'unpaid', due: 85 });
  });
});

describe('verifying claims', () => {
  it('lists the claims waiting for admins only, oldest first, paged', async () => {
    const order = await newOrder();
    const claimId = await claimed(testApp.app, bea, order);
    await refusedAs([bea, mia, otto], (caller) => get(caller, '/api/payments?status=awaiting_verification'));
    const response = await get(admin, '/api/payments?status=awaiting_verification&limit=100');
    expect(response.statusCode).toBe(200);
    const claims = PaymentClaimSchema.array().parse(response.json());
    expect(Number(response.headers['x-total-count'])).toBe(claims.length);
    expect(claims.find((claim) => claim._id === claimId)).toMatchObject({
      orderId: order._id,
      orderNumber: order.number,
      method: 'bkash',
      amount: 85,
      status: 'pending',
    });
    const times = claims.map((claim) => claim.createdAt);
    expect(times).toEqual([...times].sort());
  });

  it('lists decided claims the latest decided first: what was just done', async () => {
    const first = await claimed(testApp.app, bea, await newOrder());
    const second = await claimed(testApp.app, bea, await newOrder());
    for (const claimId of [first, second]) {
      expect((await decide(testApp.app, admin, claimId, 'reject', 'Not received')).statusCode).toBe(200);
    }
    const response = await get(admin, '/api/payments?status=rejected&limit=2');
    expect(
      PaymentClaimSchema.array()
        .parse(response.json())
        .map((claim) => claim._id),
    ).toEqual([second, first]);
  });

  it('lets an admin accept a claim once: the order is paid, its buyer mailed, and it may ship', async () => {
    const order = await newOrder();
    const claimId = await claimed(testApp.app, bea, order);
    await refusedAs([bea, mia, otto], (caller) => decide(testApp.app, caller, claimId, 'accept'));
    await refusedAs([bea, mia, otto], (caller) => decide(testApp.app, caller, claimId, 'reject'));
    const accepted = await decide(testApp.app, admin, claimId, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(PaymentClaimSchema.parse(accepted.json())).toMatchObject({ _id: claimId, status: 'accepted' });
    const again = await decide(testApp.app, admin, claimId, 'reject');
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().message).toBe('This payment was accepted already.');

    const paid = await orderAs(testApp.app, bea, order);
    expect(paid.payment).toMatchObject({ status: 'paid', paid: 85, refunded: 0, due: 0 });
    expect(eventKinds(paid)).toEqual(['claimed', 'accepted']);
    expect((await saleAs(testApp.app, leo, order)).payment).toEqual({
      method: 'bkash',
      status: 'paid',
      due: 0,
      shipsOncePaid: true,
    });
    const mail = await latestMail(testApp.database.db, bea.email, 'payment-accepted');
    expect(mail?.subject).toBe(`Your order ${order.number}: payment received`);
    expect(mail?.textBody).toContain('We received your payment of $85.00.');
    expect((await moveSale(testApp.app, mia, order._id, 'shipped')).statusCode).toBe(200);
  });

  it('lets an admin reject a claim with a reason the buyer is mailed', async () => {
    const order = await newOrder();
    const claimId = await claimed(testApp.app, bea, order);
    const noReason = await post(admin, `/api/payments/${claimId}/reject`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const rejected = await decide(testApp.app, admin, claimId, 'reject', 'The amount never arrived');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'The amount never arrived' });
    const seen = await orderAs(testApp.app, bea, order);
    expect(seen.payment).toMatchObject({ status: 'unpaid', due: 85 });
    expect(seen.payment.events.at(-1)).toMatchObject({
      kind: 'rejected',
      reference: 'The amount never arrived',
    });
    const mail = await latestMail(testApp.database.db, bea.email, 'payment-rejected');
    expect(mail?.subject).toBe(`Your order ${order.number}: payment not verified`);
    expect(mail?.textBody).toContain('Reason: The amount never arrived');
  });

  it('answers 404 for a claim that does not exist', async () => {
    const response = await decide(testApp.app, admin, '00000000-0000-4000-8000-000000000000', 'accept');
    expect(response.statusCode).toBe(404);
    expect(response.json<ApiError>().message).toBe('Payment not found');
  });
});

describe('refunds', () => {
  async function refundsDue(): Promise<Refund[]> {
    const response = await get(admin, '/api/payments/refunds?status=due&limit=100');
    expect(response.statusCode).toBe(200);
    return RefundSchema.array().parse(response.json());
  }

  it("records a refund due when a paid part is cancelled, and the buyer's payment says so", async () => {
    const order = await paidOrder();
    expect((await moveSale(testApp.app, leo, order._id, 'cancelled')).statusCode).toBe(200);
    const seen = await orderAs(testApp.app, bea, order);
    // The lamp's part, its shipping with it: $55.00 back, $30.00 kept for the mugs and theirs.
    expect(seen.due).toBe(30);
    expect(seen.payment).toMatchObject({ status: 'refund_due', paid: 85, refunded: 0, due: 0 });
    expect(seen.payment.events.at(-1)).toMatchObject({ kind: 'refund_due', amount: 55, by: 'shop' });
    expect((await refundsDue()).find((refund) => refund.orderId === order._id)).toMatchObject({
      orderNumber: order.number,
      amount: 55,
      method: 'bkash',
      reference: null,
    });
  });

  it('lets an admin record a refund as made, once; the buyer sees it and is mailed', async () => {
    const order = await paidOrder();
    expect((await moveSale(testApp.app, admin, order._id, 'cancelled')).statusCode).toBe(200);
    const refund = (await refundsDue()).find((one) => one.orderId === order._id);
    if (!refund) throw new Error('no refund due');
    expect(refund.amount).toBe(85);
    const done = (account: TestAccount | null, reference = 'BK-RF-1') =>
      post(account, `/api/payments/refunds/${refund._id}/done`, { reference });
    await refusedAs([bea, mia, otto], (caller) => done(caller));
    await refusedAs([bea, mia, otto], (caller) => get(caller, '/api/payments/refunds?status=due'));
    const made = await done(admin);
    expect(made.statusCode).toBe(200);
    expect(RefundSchema.parse(made.json())).toMatchObject({
      _id: refund._id,
      reference: 'BK-RF-1',
      amount: 85,
    });
    expect((await done(admin, 'BK-RF-2')).statusCode).toBe(409);
    expect((await refundsDue()).some((one) => one._id === refund._id)).toBe(false);

    const seen = await orderAs(testApp.app, bea, order);
    expect(seen.payment).toMatchObject({ status: 'refunded', paid: 85, refunded: 85, due: 0 });
    const mail = await latestMail(testApp.database.db, bea.email, 'payment-refund-made');
    expect(mail?.subject).toBe(`Your order ${order.number}: refund sent`);
    expect(mail?.textBody).toContain('Reference: BK-RF-1');
  });

  it('answers 404 for a refund that does not exist', async () => {
    const response = await post(admin, '/api/payments/refunds/00000000-0000-4000-8000-000000000000/done', {
      reference: 'X',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('cash on delivery', () => {
  it("is paid part by part as each seller delivers: the courier collected that part's cash", async () => {
    const order = await newOrder('cash on delivery');
    expect(order.payment).toMatchObject({ status: 'unpaid', due: 85 });
    for (const status of ['shipped', 'delivered']) {
      expect((await moveSale(testApp.app, mia, order._id, status)).statusCode).toBe(200);
    }
    const seen = await orderAs(testApp.app, bea, order);
    expect(seen.payment).toMatchObject({ status: 'unpaid', paid: 30, due: 55 });
    expect(seen.payment.events).toEqual([
      {
        _id: expect.any(String) as string,
        kind: 'cash_collected',
        amount: 30,
        by: 'seller',
        reference: null,
        at: expect.any(String) as string,
      },
    ]);
    expect((await saleAs(testApp.app, mia, order)).payment).toEqual({
      method: 'cash on delivery',
      status: 'paid',
      due: 0,
      shipsOncePaid: false,
    });
    expect((await saleAs(testApp.app, leo, order)).payment).toEqual({
      method: 'cash on delivery',
      status: 'unpaid',
      due: 55,
      shipsOncePaid: false,
    });

    for (const status of ['shipped', 'delivered']) {
      expect((await moveSale(testApp.app, leo, order._id, status)).statusCode).toBe(200);
    }
    expect((await orderAs(testApp.app, bea, order)).payment).toMatchObject({
      status: 'paid',
      paid: 85,
      due: 0,
    });
  });

  it('owes nothing for a part cancelled before delivery', async () => {
    const order = await newOrder('cash on delivery');
    expect((await moveSale(testApp.app, leo, order._id, 'cancelled')).statusCode).toBe(200);
    expect((await orderAs(testApp.app, bea, order)).payment).toMatchObject({ status: 'unpaid', due: 30 });
  });
});

describe('payment events', () => {
  it('are never changed nor deleted, whoever asks the database', async () => {
    const order = await paidOrder();
    const { db } = testApp.database;
    await expect(
      db.update(paymentEvents).set({ amountCents: 1 }).where(eq(paymentEvents.orderId, order._id)),
    ).rejects.toThrow();
    await expect(db.delete(paymentEvents).where(eq(paymentEvents.orderId, order._id))).rejects.toThrow();
    expect(eventKinds(await orderAs(testApp.app, bea, order))).toEqual(['claimed', 'accepted']);
  });
});

describe('reviews follow the money', () => {
  const eligible = async (productId: string) =>
    (await get(bea, `/api/products/${productId}/reviews/eligibility`)).json<{ canReview: boolean }>()
      .canReview;
  const review = (productId: string) => post(bea, `/api/products/${productId}/reviews`, { rating: 5 });

  it('earns no review for a bKash order not accepted: it cannot reach the buyer unpaid', async () => {
    const [cup] = await insertProducts(testApp.database.db, [productRow({ name: 'Cup', sellerId: mia.id })]);
    const order = await walletOrder(testApp.app, bea, [cup!.id], [1]);
    await claimed(testApp.app, bea, order);
    expect((await moveSale(testApp.app, mia, order._id, 'shipped')).statusCode).toBe(409);
    expect((await moveSale(testApp.app, mia, order._id, 'delivered')).statusCode).toBe(409);
    expect(await eligible(cup!.id)).toBe(false);
    expect((await review(cup!.id)).statusCode).toBe(403);
  });

  it('earns one once the payment is accepted and the line delivered', async () => {
    const [bowl] = await insertProducts(testApp.database.db, [
      productRow({ name: 'Bowl', sellerId: mia.id }),
    ]);
    const order = await walletOrder(testApp.app, bea, [bowl!.id], [1]);
    await decide(testApp.app, admin, await claimed(testApp.app, bea, order), 'accept');
    for (const status of ['shipped', 'delivered']) {
      expect((await moveSale(testApp.app, mia, order._id, status)).statusCode).toBe(200);
    }
    expect(await eligible(bowl!.id)).toBe(true);
    expect((await review(bowl!.id)).statusCode).toBe(201);
  });

  it('earns one for a cash order once delivered: its cash was collected in the same move', async () => {
    const [jug] = await insertProducts(testApp.database.db, [productRow({ name: 'Jug', sellerId: mia.id })]);
    const order = await walletOrder(testApp.app, bea, [jug!.id], [1], 'cash on delivery');
    expect((await moveSale(testApp.app, mia, order._id, 'shipped')).statusCode).toBe(200);
    expect(await eligible(jug!.id)).toBe(false);
    expect((await moveSale(testApp.app, mia, order._id, 'delivered')).statusCode).toBe(200);
    expect((await orderAs(testApp.app, bea, order)).payment.status).toBe('paid');
    expect(await eligible(jug!.id)).toBe(true);
  });
});
