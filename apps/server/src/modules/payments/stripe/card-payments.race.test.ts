import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts.ts';
import { cardReturn, checkoutSession, sendDelivery, useStripeStandIn } from '../../../test/card-fixtures.ts';
import { orderAs, walletOrder } from '../../../test/payment-fixtures.ts';
import { insertProducts, productRow } from '../../../test/product-fixtures.ts';
import { testEngine } from '../../../test/test-database.ts';
import { useTestApp } from '../../../test/test-app.ts';

// PostgreSQL only: PGlite runs one statement at a time, so nothing there races.
const stripe = useStripeStandIn();
const testApp = useTestApp(() => stripe.env());
let bea: TestAccount;
let mug: string;

beforeAll(async () => {
  bea = await signUp(testApp.app, 'bea-card-race@bazaar.test', 'Bea Buyer');
  const mia = await signUp(testApp.app, 'mia-card-race@bazaar.test', 'Mia Mugs');
  const [mugRow] = await insertProducts(testApp.database.db, [
    productRow({ name: 'Mug', priceCents: 1000, sellerId: mia.id, stock: 1000 }),
  ]);
  mug = mugRow!.id;
  stripe.it.holdWebhooks = true;
});

const ROUNDS = 8;

/** A card order paid at the stand-in, its webhook held: the order and the delivery. */
async function paidAtStripe() {
  const order = await walletOrder(testApp.app, bea, [mug], [1], 'card');
  const sessionId = await checkoutSession(testApp.app, bea, order);
  return { order, sessionId, delivery: await stripe.it.pay(sessionId) };
}

describe.runIf(testEngine === 'postgres')('card payments at once', () => {
  it('records one payment when the same event is delivered several times at once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { order, delivery } = await paidAtStripe();
      const answers = await Promise.all([1, 2, 3].map(() => sendDelivery(testApp.app, delivery)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      const events = (await orderAs(testApp.app, bea, order)).payment.events;
      expect(events.map((event) => event.kind)).toEqual(['card_paid']);
    }
  });

  it('records one payment when the buyer comes back as the webhook arrives', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { order, sessionId, delivery } = await paidAtStripe();
      const [back, hook] = await Promise.all([
        cardReturn(testApp.app, bea, order._id, sessionId),
        sendDelivery(testApp.app, delivery),
      ]);
      expect([back.statusCode, hook.statusCode]).toEqual([200, 200]);
      const after = await orderAs(testApp.app, bea, order);
      expect(after.payment.events.map((event) => event.kind)).toEqual(['card_paid']);
      expect(after.payment).toMatchObject({ status: 'paid', paid: order.due });
    }
  });
});
