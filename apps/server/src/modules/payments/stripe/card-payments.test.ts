import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { ApiError } from '@bazaar/shared/errors';
import type { PublicConfig } from '@bazaar/shared/auth';
import type { Order } from '@bazaar/shared/orders';
import { CardPaymentSchema, PaymentSchema, RefundSchema } from '@bazaar/shared/payments';
import { stripeEvents } from '../../../db/schema.ts';
import { asBearer, signUp, signUpAdmin, type TestAccount } from '../../../test/accounts.ts';
import {
  cardReturn,
  checkoutSession,
  sendDelivery,
  startCheckout,
  useStripeStandIn,
} from '../../../test/card-fixtures.ts';
import { latestMail } from '../../../test/outbox.ts';
import { expiry, moveSale, orderAs, walletOrder } from '../../../test/payment-fixtures.ts';
import { insertProducts, productRow } from '../../../test/product-fixtures.ts';
import { TEST_PUBLIC_URL, useTestApp } from '../../../test/test-app.ts';

const stripe = useStripeStandIn();
// The job that asks Stripe again for refunds it did not answer runs every second here.
const testApp = useTestApp(() => ({ ...stripe.env(), PAYMENT_EXPIRY_INTERVAL_SECONDS: '1' }));
let bea: TestAccount;
let ben: TestAccount;
let mia: TestAccount;
let leo: TestAccount;
let admin: TestAccount;
let mug: string;
let lamp: string;

beforeAll(async () => {
  stripe.deliverTo(testApp.app);
  bea = await signUp(testApp.app, 'bea-card@bazaar.test', 'Bea Buyer');
  ben = await signUp(testApp.app, 'ben-card@bazaar.test', 'Ben Buyer');
  mia = await signUp(testApp.app, 'mia-card@bazaar.test', 'Mia Mugs');
  leo = await signUp(testApp.app, 'leo-card@bazaar.test', 'Leo Lamps');
  admin = await signUpAdmin(testApp);
  const [mugRow, lampRow] = await insertProducts(testApp.database.db, [
    productRow({ name: 'Mug', priceCents: 1000, sellerId: mia.id, stock: 1000 }),
    productRow({ name: 'Lamp', priceCents: 4500, sellerId: leo.id, stock: 1000 }),
  ]);
  mug = mugRow!.id;
  lamp = lampRow!.id;
});

beforeEach(() => {
  Object.assign(stripe.it, { holdWebhooks: false, refunds: 'succeed', down: false });
});

/** A card order of Bea: 2 of Mia's mugs and 1 of Leo's lamps, $85.00 with shipping. */
const cardOrder = () => walletOrder(testApp.app, bea, [mug, lamp], [2, 1], 'card');

const kinds = (order: Order) => order.payment.events.map((event) => event.kind);

async function storedEvents(): Promise<number> {
  const [row] = await testApp.database.db.select({ n: count() }).from(stripeEvents);
  return row?.n ?? 0;
}

/** A card order Bea paid through the stand-in, the webhook delivered. */
async function paidOrder(): Promise<Order> {
  const order = await cardOrder();
  await stripe.it.pay(await checkoutSession(testApp.app, bea, order));
  return orderAs(testApp.app, bea, order);
}

describe('cards offered', () => {
  it('lists Card among the methods when Stripe is configured', async () => {
    const config = (await testApp.app.inject({ method: 'GET', url: '/api/config' })).json<PublicConfig>();
    expect(config.payments.methods).toEqual(['cash on delivery', 'card']);
  });

  it('places a card order unpaid, to ship only once paid, and mails the buyer where to pay it', async () => {
    const order = await cardOrder();
    const placed = await latestMail(testApp.database.db, bea.email, 'order-placed');
    expect(placed?.textBody).toContain(
      `To pay $85.00 by card, open your order's page (${TEST_PUBLIC_URL}/dashboard/orders/${order.number}) and choose Pay by card: you pay on Stripe's secure page.`,
    );
    expect(order.payment).toMatchObject({ method: 'card', status: 'unpaid', due: order.due, paid: 0 });
    const sale = await testApp.app.inject({
      method: 'GET',
      url: `/api/orders/by-number/${order.number}`,
      headers: asBearer(mia),
    });
    expect(sale.json<{ payment: { shipsOncePaid: boolean } }>().payment.shipsOncePaid).toBe(true);
    expect((await moveSale(testApp.app, mia, order._id, 'shipped')).json<ApiError>().error).toBe('NOT_PAID');
  });
});

describe('paying by card', () => {
  it('opens a session for exactly what is due, for the buyer only', async () => {
    const order = await cardOrder();
    expect((await startCheckout(testApp.app, null, order._id)).statusCode).toBe(401);
    for (const caller of [ben, mia, admin]) {
      const refused = await startCheckout(testApp.app, caller, order._id);
      expect(refused.statusCode, caller.email).toBe(403);
    }
    const sessionId = await checkoutSession(testApp.app, bea, order);
    const session = stripe.it.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      amount_total: Math.round(order.due * 100),
      currency: 'usd',
      metadata: { orderId: order._id },
      client_reference_id: order._id,
      success_url: `${TEST_PUBLIC_URL}/dashboard/orders/${order.number}?card=return&session_id=${sessionId}`,
      cancel_url: `${TEST_PUBLIC_URL}/dashboard/orders/${order.number}`,
    });
    // A second attempt is a new session (a new idempotency key), for the same amount.
    const again = await checkoutSession(testApp.app, bea, order);
    expect(again).not.toBe(sessionId);
    expect(stripe.it.sessions.get(again)!.amount_total).toBe(session.amount_total);
  });

  it('records the payment Stripe confirms, once, and mails the buyer', async () => {
    const order = await paidOrder();
    expect(order.payment).toMatchObject({ status: 'paid', paid: order.due, due: 0 });
    expect(kinds(order)).toEqual(['card_paid']);
    expect(order.payment.events[0]!.reference).toMatch(/^pi_/);
    expect((await latestMail(testApp.database.db, bea.email, 'payment-accepted'))?.subject).toBe(
      `Your order ${order.number}: payment received`,
    );
    // Paid, it ships; and no second session is opened for it.
    expect((await moveSale(testApp.app, mia, order._id, 'shipped')).statusCode).toBe(200);
    const more = await startCheckout(testApp.app, bea, order._id);
    expect(more.statusCode).toBe(409);
    expect(more.json<ApiError>().message).toBe('This order is paid already.');
  });

  it("counts a card order in its seller's revenue once it is paid", async () => {
    const revenue = async () =>
      (await testApp.app.inject({ method: 'GET', url: '/api/stats/overview', headers: asBearer(mia) })).json<{
        totals: { revenue: number };
      }>().totals.revenue;
    const before = await revenue();
    const order = await cardOrder();
    expect(await revenue()).toBe(before);
    await stripe.it.pay(await checkoutSession(testApp.app, bea, order));
    // Two of Mia's mugs.
    expect(await revenue()).toBe(before + 20);
  });

  it('refuses to open a session for an order paid otherwise (409)', async () => {
    const cash = await walletOrder(testApp.app, bea, [mug], [1], 'cash on delivery');
    const refused = await startCheckout(testApp.app, bea, cash._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiError>().message).toBe('This order is paid by Cash on delivery, not by card.');
  });

  it('answers 503 when Stripe cannot be reached, recording nothing', async () => {
    const order = await cardOrder();
    stripe.it.down = true;
    const refused = await startCheckout(testApp.app, bea, order._id);
    expect(refused.statusCode).toBe(503);
    expect(refused.json<ApiError>().message).toBe(
      'Card payments cannot be reached just now: try again in a few minutes.',
    );
    expect((await orderAs(testApp.app, bea, order)).payment.status).toBe('unpaid');
  });
});

describe('the buyer back from Stripe', () => {
  it('records the payment from the session when the webhook is late, and the webhook then changes nothing', async () => {
    const order = await cardOrder();
    stripe.it.holdWebhooks = true;
    const sessionId = await checkoutSession(testApp.app, bea, order);
    const delivery = await stripe.it.pay(sessionId);

    for (const caller of [null, ben, admin]) {
      const refused = await cardReturn(testApp.app, caller, order._id, sessionId);
      expect(refused.statusCode).toBe(caller === null ? 401 : 403);
    }
    const back = await cardReturn(testApp.app, bea, order._id, sessionId);
    expect(back.statusCode, back.body).toBe(200);
    expect(PaymentSchema.parse(back.json())).toMatchObject({ status: 'paid', due: 0 });

    expect((await sendDelivery(testApp.app, delivery)).statusCode).toBe(200);
    expect(kinds(await orderAs(testApp.app, bea, order))).toEqual(['card_paid']);
  });

  it('records one payment when the return and the webhook come at once', async () => {
    const order = await cardOrder();
    stripe.it.holdWebhooks = true;
    const sessionId = await checkoutSession(testApp.app, bea, order);
    const delivery = await stripe.it.pay(sessionId);
    const [back, hook] = await Promise.all([
      cardReturn(testApp.app, bea, order._id, sessionId),
      sendDelivery(testApp.app, delivery),
    ]);
    expect([back.statusCode, hook.statusCode]).toEqual([200, 200]);
    expect(kinds(await orderAs(testApp.app, bea, order))).toEqual(['card_paid']);
  });

  it('records nothing for a session not paid, or of another order (409)', async () => {
    const order = await cardOrder();
    const other = await cardOrder();
    const sessionId = await checkoutSession(testApp.app, bea, order);
    const unpaid = await cardReturn(testApp.app, bea, order._id, sessionId);
    expect(unpaid.json()).toMatchObject({ status: 'unpaid', events: [] });
    const mixed = await cardReturn(testApp.app, bea, other._id, sessionId);
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json<ApiError>().message).toBe('This payment is for another order.');
    const unknown = await cardReturn(testApp.app, bea, order._id, 'cs_test_nosuchsession');
    expect(unknown.statusCode).toBe(409);
  });
});

describe('the webhook', () => {
  it('refuses a bad or old signature (400) and stores nothing', async () => {
    const order = await cardOrder();
    stripe.it.holdWebhooks = true;
    const delivery = await stripe.it.pay(await checkoutSession(testApp.app, bea, order));
    const before = await storedEvents();
    const forged = await sendDelivery(testApp.app, {
      ...delivery,
      signature: delivery.signature.replace(/v1=(\w)/, (_, digit) => `v1=${digit === '0' ? '1' : '0'}`),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json<ApiError>().error).toBe('BAD_REQUEST');
    const tampered = await sendDelivery(testApp.app, {
      ...delivery,
      payload: delivery.payload.replace('"amount_total":', '"amount_total":1'),
    });
    expect(tampered.statusCode).toBe(400);
    const session = (JSON.parse(delivery.payload) as { data: { object: object } }).data.object;
    const old = stripe.it.event('checkout.session.completed', session, Math.floor(Date.now() / 1000) - 600);
    expect((await sendDelivery(testApp.app, old)).statusCode).toBe(400);
    expect((await sendDelivery(testApp.app, { ...delivery, signature: '' })).statusCode).toBe(400);
    expect(await storedEvents()).toBe(before);
    expect((await orderAs(testApp.app, bea, order)).payment.status).toBe('unpaid');
  });

  it('answers a repeated event 200 and records its payment once', async () => {
    const order = await cardOrder();
    stripe.it.holdWebhooks = true;
    const delivery = await stripe.it.pay(await checkoutSession(testApp.app, bea, order));
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push((await sendDelivery(testApp.app, delivery)).statusCode);
    expect(answers).toEqual([200, 200, 200]);
    const twice = await Promise.all([
      sendDelivery(testApp.app, delivery),
      sendDelivery(testApp.app, delivery),
    ]);
    expect(twice.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(kinds(await orderAs(testApp.app, bea, order))).toEqual(['card_paid']);
  });

  it('stores and skips events of orders the shop does not know and of types it does not use', async () => {
    const stranger = stripe.it.event('checkout.session.completed', {
      id: 'cs_test_elsewhere',
      object: 'checkout.session',
      payment_status: 'paid',
      payment_intent: 'pi_test_elsewhere',
      amount_total: 100,
      currency: 'usd',
      metadata: { orderId: '00000000-0000-4000-8000-000000000000' },
    });
    const unused = stripe.it.event('customer.created', {
      id: 'cus_test_1',
      object: 'customer',
      metadata: {},
    });
    for (const delivery of [stranger, unused]) {
      expect((await sendDelivery(testApp.app, delivery)).statusCode).toBe(200);
      const [row] = await testApp.database.db
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, delivery.eventId));
      expect(row).toMatchObject({ type: delivery.type, orderId: null, outcome: 'skipped' });
    }
  });

  it('flags an amount or currency other than what was due for the admin, not as paid', async () => {
    for (const change of [{ amount_total: 100 }, { currency: 'eur' }]) {
      const order = await cardOrder();
      const delivery = await stripe.it.pay(await checkoutSession(testApp.app, bea, order), change);
      const after = await orderAs(testApp.app, bea, order);
      expect(after.payment).toMatchObject({ status: 'unpaid', paid: 0, due: order.due });
      expect(kinds(after)).toEqual(['card_mismatch']);
      const [row] = await testApp.database.db
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, delivery.eventId));
      expect(row?.outcome).toBe('flagged');
    }
  });

  it('lists card payments, paid and flagged, to the admins only', async () => {
    const paid = await paidOrder();
    const flaggedOrder = await cardOrder();
    await stripe.it.pay(await checkoutSession(testApp.app, bea, flaggedOrder), { amount_total: 4200 });
    const list = (caller: TestAccount | null, status: string) =>
      testApp.app.inject({
        method: 'GET',
        url: `/api/payments/cards?status=${status}&limit=100`,
        headers: caller ? asBearer(caller) : {},
      });
    expect((await list(null, 'paid')).statusCode).toBe(401);
    for (const caller of [bea, mia]) expect((await list(caller, 'paid')).statusCode).toBe(403);
    const paidOnes = CardPaymentSchema.array().parse((await list(admin, 'paid')).json());
    expect(paidOnes.find((one) => one.orderId === paid._id)).toMatchObject({
      orderNumber: paid.number,
      amount: paid.due,
      flagged: false,
    });
    expect(paidOnes.some((one) => one.orderId === flaggedOrder._id)).toBe(false);
    const flagged = CardPaymentSchema.array().parse((await list(admin, 'flagged')).json());
    const mismatch = flagged.find((one) => one.orderId === flaggedOrder._id);
    expect(mismatch).toMatchObject({ amount: 42, flagged: true });
    expect(mismatch!.reference).toMatch(/^pi_test_\w+: charged 42\.00 USD, asked \$85\.00$/);
  });
});

describe('the payment window', () => {
  it('never ends a paid card order, and refunds a payment arriving after the order ended', async () => {
    const paid = await paidOrder();
    const unpaid = await cardOrder();
    stripe.it.holdWebhooks = true;
    const late = await stripe.it.pay(await checkoutSession(testApp.app, bea, unpaid));
    const endUnpaid = expiry(testApp.database.db, 0.00001);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await endUnpaid();
    expect((await orderAs(testApp.app, bea, paid)).status).toBe('processing');
    expect((await orderAs(testApp.app, bea, unpaid)).status).toBe('cancelled');

    expect((await sendDelivery(testApp.app, late)).statusCode).toBe(200);
    await vi.waitFor(async () =>
      expect(kinds(await orderAs(testApp.app, bea, unpaid))).toEqual([
        'expired',
        'card_paid',
        'refund_due',
        'refund_made',
      ]),
    );
    expect((await orderAs(testApp.app, bea, unpaid)).payment.status).toBe('refunded');
  });
});

describe('refunds through Stripe', () => {
  /** Leo cancels his lamp ($45.00 and its shipping) out of a paid card order. */
  async function lampCancelled(): Promise<Order> {
    const order = await paidOrder();
    expect((await moveSale(testApp.app, leo, order._id, 'cancelled')).statusCode).toBe(200);
    return order;
  }

  const refundedOf = async (order: Order) =>
    [...stripe.it.refundsMade.values()].filter((refund) => refund.metadata.orderId === order._id);

  it('refunds a cancelled part by card, once, recorded when Stripe confirms it', async () => {
    const order = await lampCancelled();
    await vi.waitFor(async () =>
      expect(kinds(await orderAs(testApp.app, bea, order))).toContain('refund_made'),
    );
    const after = await orderAs(testApp.app, bea, order);
    expect(kinds(after)).toEqual(['card_paid', 'refund_due', 'refund_made']);
    const [refund] = await refundedOf(order);
    expect(after.payment).toMatchObject({ status: 'paid', refunded: refund!.amount / 100, due: 0 });
    expect(after.payment.events[2]!.reference).toBe(refund!.id);
    expect(refund!.payment_intent).toBe(after.payment.events[0]!.reference);
    expect(await refundedOf(order)).toHaveLength(1);
  });

  it('leaves a refund Stripe refuses due, for the admin', async () => {
    stripe.it.refunds = 'refuse';
    const order = await lampCancelled();
    await vi.waitFor(async () =>
      expect(kinds(await orderAs(testApp.app, bea, order))).toContain('refund_failed'),
    );
    const after = await orderAs(testApp.app, bea, order);
    expect(after.payment.status).toBe('refund_due');
    expect(after.payment.events.at(-1)!.reference).toMatch(
      /^Stripe refused: Charge for pi_test_\w+ has been disputed; it cannot be refunded\.$/,
    );
    const due = await testApp.app.inject({
      method: 'GET',
      url: '/api/payments/refunds?status=due&limit=100',
      headers: asBearer(admin),
    });
    const refunds = RefundSchema.array().parse(due.json());
    const listed = refunds.find((refund) => refund.orderId === order._id);
    expect(listed).toMatchObject({ method: 'card', madeAt: null });
    expect(listed!.refusal).toMatch(
      /^Stripe refused: Charge for pi_test_\w+ has been disputed; it cannot be refunded\.$/,
    );
    // The admin refunds it by hand: it is made.
    const done = await testApp.app.inject({
      method: 'POST',
      url: `/api/payments/refunds/${listed!._id}/done`,
      headers: asBearer(admin),
      payload: { reference: 'BANK-7' },
    });
    expect(done.statusCode).toBe(200);
    expect((await orderAs(testApp.app, bea, order)).payment.status).toBe('paid');
  });

  it('asks again, with the same idempotency key, once Stripe can be reached', async () => {
    stripe.it.refunds = 'down';
    const order = await lampCancelled();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(kinds(await orderAs(testApp.app, bea, order))).toEqual(['card_paid', 'refund_due']);
    stripe.it.refunds = 'succeed';
    await vi.waitFor(
      async () => expect(kinds(await orderAs(testApp.app, bea, order))).toContain('refund_made'),
      {
        timeout: 10_000,
      },
    );
    expect(await refundedOf(order)).toHaveLength(1);
  });

  it('waits for the webhook when Stripe says the refund is pending', async () => {
    stripe.it.refunds = 'pending';
    const order = await lampCancelled();
    await vi.waitFor(async () => expect(await refundedOf(order)).toHaveLength(1));
    const [refund] = await refundedOf(order);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(kinds(await orderAs(testApp.app, bea, order))).toEqual(['card_paid', 'refund_due']);
    await stripe.it.settleRefund(refund!.id, 'succeeded');
    expect(kinds(await orderAs(testApp.app, bea, order))).toEqual(['card_paid', 'refund_due', 'refund_made']);
    expect(await refundedOf(order)).toHaveLength(1);
  });
});
