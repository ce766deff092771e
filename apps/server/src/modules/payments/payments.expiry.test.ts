import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@bazaar/shared/orders';
import type { Product } from '@bazaar/shared/products';
import { signUp, signUpAdmin, type TestAccount } from '../../test/accounts.ts';
import { latestMail } from '../../test/outbox.ts';
import {
  claimed,
  claimOf,
  decide,
  orderAs,
  sendClaim,
  WALLET_ENV,
  walletOrder,
} from '../../test/payment-fixtures.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

/** A window of about a second, looked at every 100 ms. */
const WINDOW_HOURS = 0.0003;
const testApp = useTestApp({
  ...WALLET_ENV,
  PAYMENT_WINDOW_HOURS: String(WINDOW_HOURS),
  PAYMENT_EXPIRY_INTERVAL_SECONDS: '0.1',
});
let bea: TestAccount;
let mia: TestAccount;
let admin: TestAccount;
let mug: string;

const STOCK = 50;

beforeAll(async () => {
  bea = await signUp(testApp.app, 'bea-late@bazaar.test', 'Bea Buyer');
  mia = await signUp(testApp.app, 'mia-late@bazaar.test', 'Mia Mugs');
  admin = await signUpAdmin(testApp);
  const [mugRow] = await insertProducts(testApp.database.db, [
    productRow({ name: 'Mug', priceCents: 1000, sellerId: mia.id, stock: STOCK }),
  ]);
  mug = mugRow!.id;
});

async function stock() {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/products/${mug}` });
  return response.json<Product>().stock;
}

/** The order once `done` holds of it, looked at every 100 ms for at most 10 s. */
async function once(order: Order, done: (seen: Order) => boolean): Promise<Order> {
  for (let tries = 0; tries < 100; tries += 1) {
    const seen = await orderAs(testApp.app, bea, order);
    if (done(seen)) return seen;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`order ${order.number} never came to the state awaited`);
}

/** The window and a few rounds of the job after it. */
const windowPassed = () => new Promise((resolve) => setTimeout(resolve, WINDOW_HOURS * 3_600_000 + 600));

describe('a bKash order left unpaid', () => {
  it('is cancelled once its window passes: stock back, the buyer and the seller mailed why', async () => {
    const order = await walletOrder(testApp.app, bea, [mug], [3]);
    expect(await stock()).toBe(STOCK - 3);
    const ended = await once(order, (seen) => seen.status === 'cancelled');
    expect(ended.products[0]?.cancellation).toEqual({
      by: 'admin',
      reason: `No payment arrived within ${WINDOW_HOURS} hours`,
    });
    expect(ended.due).toBe(0);
    expect(ended.payment).toMatchObject({ status: 'unpaid', due: 0, paid: 0 });
    expect(ended.payment.events).toMatchObject([{ kind: 'expired', amount: 40, by: 'shop' }]);
    expect(await stock()).toBe(STOCK);
    const mail = await latestMail(testApp.database.db, bea.email, 'payment-expired');
    expect(mail?.subject).toBe(`Your order ${order.number}: cancelled, not paid`);
    const sellerMail = await latestMail(testApp.database.db, mia.email, 'sale-cancelled');
    expect(sellerMail?.subject).toBe(`Order ${order.number} was cancelled: not paid`);
    expect(sellerMail?.textBody).toContain('Do not ship these.');
  });

  it('takes a claim that comes after, and once accepted owes it back', async () => {
    const order = await walletOrder(testApp.app, bea, [mug], [2]);
    await once(order, (seen) => seen.status === 'cancelled');
    const late = await sendClaim(testApp.app, bea, order._id, claimOf(order, { amount: 30 }));
    expect(late.statusCode, late.body).toBe(201);
    expect((await orderAs(testApp.app, bea, order)).payment.status).toBe('awaiting_verification');
    expect((await decide(testApp.app, admin, late.json<{ _id: string }>()._id, 'accept')).statusCode).toBe(
      200,
    );
    const owed = await orderAs(testApp.app, bea, order);
    expect(owed.status).toBe('cancelled');
    expect(owed.payment).toMatchObject({ status: 'refund_due', paid: 30, refunded: 0, due: 0 });
    expect(owed.payment.events.at(-1)).toMatchObject({ kind: 'refund_due', amount: 30 });
    const mail = await latestMail(testApp.database.db, bea.email, 'payment-accepted');
    expect(mail?.textBody).toContain('we owe you $30.00, which we will refund');
  });
});

describe('an order not left unpaid', () => {
  it('is kept past its window while its claim waits, and once paid', async () => {
    const waiting = await walletOrder(testApp.app, bea, [mug], [1]);
    await claimed(testApp.app, bea, waiting);
    const paid = await walletOrder(testApp.app, bea, [mug], [1]);
    await decide(testApp.app, admin, await claimed(testApp.app, bea, paid), 'accept');
    const cash = await walletOrder(testApp.app, bea, [mug], [1], 'cash on delivery');
    await windowPassed();
    for (const order of [waiting, paid, cash]) {
      const seen = await orderAs(testApp.app, bea, order);
      expect(seen.status).toBe('processing');
      expect(seen.payment.events.map((event) => event.kind)).not.toContain('expired');
    }
  });

  it('ends after its window when its claim was rejected', async () => {
    const order = await walletOrder(testApp.app, bea, [mug], [1]);
    await decide(testApp.app, admin, await claimed(testApp.app, bea, order), 'reject', 'Not received');
    const ended = await once(order, (seen) => seen.status === 'cancelled');
    expect(ended.payment.events.map((event) => event.kind)).toEqual(['claimed', 'rejected', 'expired']);
  });
});
