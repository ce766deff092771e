import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@bazaar/shared/orders';
import { dollarsToCents } from '@bazaar/shared/pricing';
import { signUp, signUpAdmin, type TestAccount } from '../../test/accounts.ts';
import { changeStatus } from '../../test/order-fixtures.ts';
import {
  claimOf,
  decideOldestClaim,
  moveSale,
  orderAs,
  refundOldestDue,
  expiry,
  sendClaim,
  useExpiringApp,
  walletOrder,
} from '../../test/payment-fixtures.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';

// Every bKash order not claimed is past its window at once; it ends when a step says so.
const WINDOW_HOURS = 0.000001;
const testApp = useExpiringApp(WINDOW_HOURS);
let bea: TestAccount;
let mia: TestAccount;
let leo: TestAccount;
let admin: TestAccount;
let mug: string;
let lamp: string;
let expire: () => Promise<number>;

beforeAll(async () => {
  bea = await signUp(testApp.app, 'bea-prop@bazaar.test', 'Bea Buyer');
  mia = await signUp(testApp.app, 'mia-prop@bazaar.test', 'Mia Mugs');
  leo = await signUp(testApp.app, 'leo-prop@bazaar.test', 'Leo Lamps');
  admin = await signUpAdmin(testApp);
  const [mugRow, lampRow] = await insertProducts(testApp.database.db, [
    productRow({ name: 'Mug', priceCents: 1250, sellerId: mia.id }),
    productRow({ name: 'Lamp', priceCents: 4599, discount: 15, sellerId: leo.id }),
  ]);
  mug = mugRow!.id;
  lamp = lampRow!.id;
  expire = expiry(testApp.database.db, WINDOW_HOURS);
});

/** What a step does; `at` picks one of the run's orders. */
type Step =
  | { kind: 'place'; method: 'bkash' | 'cash on delivery'; mugs: number; lamps: number }
  | { kind: 'claim'; at: number; off: boolean }
  | { kind: 'decide'; accept: boolean }
  | {
      kind: 'move';
      at: number;
      seller: 'mia' | 'leo' | 'admin';
      status: 'shipped' | 'delivered' | 'cancelled';
    }
  | { kind: 'buyer cancels'; at: number }
  | { kind: 'expire' }
  | { kind: 'refund' };

const at = fc.nat(5);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('place' as const),
    method: fc.constantFrom('bkash' as const, 'cash on delivery' as const),
    mugs: fc.integer({ min: 0, max: 3 }),
    lamps: fc.integer({ min: 0, max: 2 }),
  }),
  fc.record({ kind: fc.constant('claim' as const), at, off: fc.boolean() }),
  fc.record({ kind: fc.constant('decide' as const), accept: fc.boolean() }),
  fc.record({
    kind: fc.constant('move' as const),
    at,
    seller: fc.constantFrom('mia' as const, 'leo' as const, 'admin' as const),
    status: fc.constantFrom('shipped' as const, 'delivered' as const, 'cancelled' as const),
  }),
  fc.record({ kind: fc.constant('buyer cancels' as const), at }),
  fc.constant({ kind: 'expire' as const }),
  fc.constant({ kind: 'refund' as const }),
);

async function run(steps: Step[], orders: Order[]): Promise<void> {
  const pick = (index: number) => orders[index % orders.length];
  for (const one of steps) {
    switch (one.kind) {
      case 'place': {
        const lines = [
          ...(one.mugs > 0 ? [[mug, one.mugs] as const] : []),
          ...(one.lamps > 0 ? [[lamp, one.lamps] as const] : []),
        ];
        if (lines.length === 0) break;
        const ids = lines.map(([id]) => id);
        orders.push(
          await walletOrder(
            testApp.app,
            bea,
            ids,
            lines.map(([, units]) => units),
            one.method,
          ),
        );
        break;
      }
      case 'claim': {
        const order = pick(one.at);
        if (!order) break;
        const now = await orderAs(testApp.app, bea, order);
        const amount = one.off ? now.payment.due + 1 : now.payment.due;
        await sendClaim(testApp.app, bea, order._id, claimOf(now, { amount, method: 'bkash' }));
        break;
      }
      case 'decide': {
        await decideOldestClaim(testApp.app, admin, one.accept ? 'accept' : 'reject');
        break;
      }
      case 'move': {
        const order = pick(one.at);
        const seller = { mia, leo, admin }[one.seller];
        if (order) await moveSale(testApp.app, seller, order._id, one.status);
        break;
      }
      case 'buyer cancels': {
        const order = pick(one.at);
        if (order) await changeStatus(testApp.app, bea, order._id, 'cancelled');
        break;
      }
      case 'expire':
        await expire();
        break;
      case 'refund': {
        await refundOldestDue(testApp.app, admin);
        break;
      }
    }
  }
}

/** An order's payment, checked against its events and its parts (what its lines make due). */
function expectConsistent(order: Order) {
  const cents = (kind: string) =>
    order.payment.events
      .filter((event) => event.kind === kind)
      .reduce((sum, event) => sum + dollarsToCents(event.amount), 0);
  const { payment } = order;
  for (const amount of [
    payment.paid,
    payment.refunded,
    payment.due,
    ...payment.events.map((e) => e.amount),
  ]) {
    expect(amount).toBeGreaterThanOrEqual(0);
  }
  const paid = dollarsToCents(payment.paid);
  const owed = cents('refund_due');
  const refunded = dollarsToCents(payment.refunded);
  const worth = dollarsToCents(order.due);
  expect(paid).toBe(cents('accepted') + cents('cash_collected'));
  expect(refunded).toBe(cents('refund_made'));
  expect(refunded).toBeLessThanOrEqual(owed);
  // What the shop keeps is never more than the order is worth now, and what it asks settles the rest.
  expect(paid - owed).toBeGreaterThanOrEqual(0);
  expect(paid - owed).toBeLessThanOrEqual(worth);
  expect(dollarsToCents(payment.due)).toBe(worth - (paid - owed));
  if (owed > refunded) expect(payment.status).toBe('refund_due');
  if (order.paymentMethod === 'bkash' && order.products.some((line) => line.status === 'shipped')) {
    expect(payment.due).toBe(0);
  }
  if (order.paymentMethod === 'cash on delivery') {
    // Cash is only collected at delivery: as much as the delivered lines of the parts delivered whole, and no refund.
    expect(owed).toBe(0);
    const delivered = order.products
      .filter((line) => line.status === 'delivered')
      .reduce((sum, line) => sum + dollarsToCents(line.lineTotal), 0);
    expect(paid).toBeGreaterThanOrEqual(delivered);
  }
}

describe('any sequence of placements, claims, decisions, cancellations, deliveries and expiries', () => {
  it("keeps every order's paid, refunded and due consistent with its parts, never negative", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 14 }), async (steps) => {
        const orders: Order[] = [];
        await run([{ kind: 'place', method: 'bkash', mugs: 2, lamps: 1 }, ...steps], orders);
        for (const order of orders) expectConsistent(await orderAs(testApp.app, bea, order));
      }),
      { numRuns: 15 },
    );
  }, 240_000);
});
