import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Order } from '@bazaar/shared/orders';
import { signUp, type TestAccount } from '../../../test/accounts.ts';
import { cardReturn, checkoutSession, sendDelivery, useStripeStandIn } from '../../../test/card-fixtures.ts';
import { moveSale, orderAs, walletOrder } from '../../../test/payment-fixtures.ts';
import { insertProducts, productRow } from '../../../test/product-fixtures.ts';
import type { Delivery } from '../../../test/stripe-stand-in.ts';
import { testEngine } from '../../../test/test-database.ts';
import { useTestApp } from '../../../test/test-app.ts';

const stripe = useStripeStandIn();
const testApp = useTestApp(() => stripe.env());
let bea: TestAccount;
let mia: TestAccount;
let leo: TestAccount;
let mug: string;
let lamp: string;

beforeAll(async () => {
  bea = await signUp(testApp.app, 'bea-replays@bazaar.test', 'Bea Buyer');
  mia = await signUp(testApp.app, 'mia-replays@bazaar.test', 'Mia Mugs');
  leo = await signUp(testApp.app, 'leo-replays@bazaar.test', 'Leo Lamps');
  const [mugRow, lampRow] = await insertProducts(testApp.database.db, [
    productRow({ name: 'Mug', priceCents: 1000, sellerId: mia.id, stock: 10_000 }),
    productRow({ name: 'Lamp', priceCents: 4500, sellerId: leo.id, stock: 10_000 }),
  ]);
  mug = mugRow!.id;
  lamp = lampRow!.id;
  stripe.it.holdWebhooks = true;
});

/** What Stripe may send about one paid order, and the buyer's return, in any order, any number of times. */
type Step = 'completed' | 'async succeeded' | 'unused' | 'return' | 'refund updated';

interface Scene {
  order: Order;
  sessionId: string;
  deliveries: Record<Exclude<Step, 'return'>, Delivery>;
}

/**
 * A paid card order whose lamp Leo cancelled: Stripe holds the refund pending. Every delivery is held: the payment's
 * (completed, and async_payment_succeeded as Stripe may also send), an event of a type the shop does not use, and the
 * refund's end (refund.updated).
 */
async function scene(): Promise<Scene> {
  stripe.it.refunds = 'pending';
  const order = await walletOrder(testApp.app, bea, [mug, lamp], [1, 1], 'card');
  const sessionId = await checkoutSession(testApp.app, bea, order);
  const completed = await stripe.it.pay(sessionId);
  const session = stripe.it.sessions.get(sessionId)!;
  const asyncSucceeded = stripe.it.event('checkout.session.async_payment_succeeded', session);
  const unused = stripe.it.event('payment_intent.created', {
    id: session.payment_intent,
    object: 'payment_intent',
  });
  // The payment first, so that the lamp's cancellation owes a refund, which Stripe keeps pending.
  expect((await sendDelivery(testApp.app, completed)).statusCode).toBe(200);
  expect((await moveSale(testApp.app, leo, order._id, 'cancelled')).statusCode).toBe(200);
  await expect
    .poll(() => [...stripe.it.refundsMade.values()].find((one) => one.metadata.orderId === order._id))
    .toBeDefined();
  const refund = [...stripe.it.refundsMade.values()].find((one) => one.metadata.orderId === order._id)!;
  const refundUpdated = await stripe.it.settleRefund(refund.id, 'succeeded');
  return {
    order,
    sessionId,
    deliveries: { completed, 'async succeeded': asyncSucceeded, unused, 'refund updated': refundUpdated },
  };
}

const take = (the: Scene, step: Step) =>
  step === 'return'
    ? cardReturn(testApp.app, bea, the.order._id, the.sessionId)
    : sendDelivery(testApp.app, the.deliveries[step]);

/** The order's payment as its buyer reads it, without the times and ids that differ between orders. */
const outcome = async (order: Order) => {
  const { payment } = await orderAs(testApp.app, bea, order);
  return {
    status: payment.status,
    paid: payment.paid,
    refunded: payment.refunded,
    due: payment.due,
    events: payment.events.map(({ kind, amount, by }) => ({ kind, amount, by })),
  };
};

describe(`Stripe's deliveries replayed, reordered and duplicated (${testEngine})`, () => {
  it('come to what one clean delivery of each comes to', async () => {
    const clean = await scene();
    for (const step of ['completed', 'refund updated'] as const) {
      expect((await take(clean, step)).statusCode).toBe(200);
    }
    const expected = await outcome(clean.order);
    expect(expected).toMatchObject({ status: 'paid', paid: 75, refunded: 55, due: 0 });

    const steps = fc.constantFrom<Step>('completed', 'async succeeded', 'unused', 'return', 'refund updated');
    await fc.assert(
      fc.asyncProperty(
        // Batches taken one after the other, the steps of a batch at once; the refund's end is always among them.
        fc.array(fc.array(steps, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }),
        fc.nat(3),
        async (batches, at) => {
          const the = await scene();
          const all = [...batches.slice(0, at), ['refund updated' as const], ...batches.slice(at)];
          for (const batch of all) {
            const answers = await Promise.all(batch.map((step) => take(the, step)));
            expect(answers.map((answer) => answer.statusCode)).toEqual(batch.map(() => 200));
          }
          expect(await outcome(the.order)).toEqual(expected);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
