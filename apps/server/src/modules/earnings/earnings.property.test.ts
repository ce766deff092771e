import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import type { Order } from '@bazaar/shared/orders';
import { dollarsToCents } from '@bazaar/shared/pricing';
import { orderLines, orderParts, sellerLedger } from '../../db/schema.ts';
import { signUp, signUpAdmin, type TestAccount } from '../../test/accounts.ts';
import { earningsOf, recordPayout } from '../../test/earnings-fixtures.ts';
import { changeStatus } from '../../test/order-fixtures.ts';
import {
  claimOf,
  decideOldestClaim,
  moveSale,
  orderAs,
  refundOldestDue,
  sendClaim,
  WALLET_ENV,
  walletOrder,
} from '../../test/payment-fixtures.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

// A rate that rounds, and no hold: every payout of what is available can be tried.
const testApp = useTestApp({ ...WALLET_ENV, COMMISSION_PERCENT: '12.5', PAYOUT_HOLD_DAYS: '0' });
let bea: TestAccount;
let mia: TestAccount;
let leo: TestAccount;
let admin: TestAccount;
let mug: string;
let lamp: string;

beforeAll(async () => {
  bea = await signUp(testApp.app, 'bea-ledger-prop@bazaar.test', 'Bea Buyer');
  mia = await signUp(testApp.app, 'mia-ledger-prop@bazaar.test', 'Mia Mugs');
  leo = await signUp(testApp.app, 'leo-ledger-prop@bazaar.test', 'Leo Lamps');
  admin = await signUpAdmin(testApp);
  const [mugRow, lampRow] = await insertProducts(testApp.database.db, [
    productRow({ name: 'Mug', priceCents: 1250, sellerId: mia.id, stock: 100_000 }),
    productRow({ name: 'Lamp', priceCents: 4599, discount: 15, sellerId: leo.id, stock: 100_000 }),
  ]);
  mug = mugRow!.id;
  lamp = lampRow!.id;
});

type Seller = 'mia' | 'leo';

/** What a step does; `at` picks one of the run's orders. */
type Step =
  | { kind: 'place'; method: 'bkash' | 'cash on delivery'; mugs: number; lamps: number }
  | { kind: 'pay'; at: number; accept: boolean }
  /** `forward`: delivered when shipped, else shipped. */
  | { kind: 'move'; at: number; by: Seller | 'admin'; status: 'forward' | 'cancelled' }
  | { kind: 'buyer cancels'; at: number }
  | { kind: 'refund' }
  | { kind: 'payout'; seller: Seller; share: number };

const at = fc.nat(3);
const seller = fc.constantFrom('mia' as const, 'leo' as const);
// Weighted towards what moves money forward: most random walks would cancel every order before its delivery.
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      method: fc.constantFrom('bkash' as const, 'cash on delivery' as const),
      mugs: fc.integer({ min: 0, max: 3 }),
      lamps: fc.integer({ min: 0, max: 2 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), at, accept: fc.boolean() }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      at,
      by: fc.oneof(seller, fc.constant('admin' as const)),
      status: fc.constant('forward' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      at,
      by: fc.oneof(seller, fc.constant('admin' as const)),
      status: fc.constant('cancelled' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('buyer cancels' as const), at }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'refund' as const }) },
  // A share above 1 asks for more than is available: refused.
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('payout' as const),
      seller,
      share: fc.constantFrom(0.3, 1, 1.2),
    }),
  },
);

/** Runs the steps; answers the payouts recorded per seller's e-mail, in cents. */
async function run(steps: Step[], orders: Order[]): Promise<Map<string, number>> {
  const paidOut = new Map<string, number>();
  const pick = (index: number) => orders[index % orders.length];
  for (const one of steps) {
    switch (one.kind) {
      case 'place': {
        const lines = [
          ...(one.mugs > 0 ? [[mug, one.mugs] as const] : []),
          ...(one.lamps > 0 ? [[lamp, one.lamps] as const] : []),
        ];
        if (lines.length === 0) break;
        orders.push(
          await walletOrder(
            testApp.app,
            bea,
            lines.map(([id]) => id),
            lines.map(([, units]) => units),
            one.method,
          ),
        );
        break;
      }
      case 'pay': {
        const order = pick(one.at);
        if (!order || order.paymentMethod !== 'bkash') break;
        const now = await orderAs(testApp.app, bea, order);
        await sendClaim(testApp.app, bea, order._id, claimOf(now));
        await decideOldestClaim(testApp.app, admin, one.accept ? 'accept' : 'reject');
        break;
      }
      case 'move': {
        const order = pick(one.at);
        if (!order) break;
        const by = { mia, leo, admin }[one.by];
        if (one.status === 'cancelled') await moveSale(testApp.app, by, order._id, 'cancelled');
        else if ((await moveSale(testApp.app, by, order._id, 'delivered')).statusCode !== 200) {
          await moveSale(testApp.app, by, order._id, 'shipped');
        }
        break;
      }
      case 'buyer cancels': {
        const order = pick(one.at);
        if (order) await changeStatus(testApp.app, bea, order._id, 'cancelled');
        break;
      }
      case 'refund': {
        await refundOldestDue(testApp.app, admin);
        break;
      }
      case 'payout': {
        const seller = { mia, leo }[one.seller];
        const { available } = await earningsOf(testApp.app, seller);
        const amountCents = Math.round(dollarsToCents(available) * one.share);
        if (amountCents <= 0) break;
        const response = await recordPayout(testApp.app, admin, seller.handle, {
          amount: amountCents / 100,
          method: 'bkash',
          reference: 'PO',
        });
        expect(response.statusCode).toBe(one.share > 1 ? 409 : 201);
        if (response.statusCode === 201) {
          paidOut.set(seller.email, (paidOut.get(seller.email) ?? 0) + amountCents);
        }
        break;
      }
    }
  }
  return paidOut;
}

/**
 * What each seller earned on the orders, recomputed from the orders themselves (their lines, parts and payments), and
 * the shop's commission: the frozen commissions of the lines paid, delivered and not refunded.
 */
async function fromTheOrders(orders: Order[]) {
  const { db } = testApp.database;
  const ids = orders.map((order) => order._id);
  const lines = await db.select().from(orderLines).where(inArray(orderLines.orderId, ids));
  const parts = await db.select().from(orderParts).where(inArray(orderParts.orderId, ids));
  const earned = new Map<string, number>();
  let commissionCents = 0;
  for (const order of orders) {
    const { payment, paymentMethod } = await orderAs(testApp.app, bea, order);
    const cash = paymentMethod === 'cash on delivery';
    const paid = cash || payment.events.some((event) => event.kind === 'accepted');
    for (const part of parts.filter((one) => one.orderId === order._id)) {
      const own = lines.filter((line) => line.orderId === order._id && line.sellerEmail === part.sellerEmail);
      const delivered = own.filter((line) => line.status === 'delivered');
      if (delivered.length > 0) expect(paid).toBe(true);
      // The shipping is earned once the part reached the buyer whole (its cancelled lines aside).
      const whole =
        delivered.length > 0 &&
        own.every((line) => line.status === 'delivered' || line.status === 'cancelled');
      const goods = delivered.reduce((sum, line) => sum + line.lineTotalCents, 0);
      const commission = delivered.reduce((sum, line) => sum + line.commissionCents, 0);
      const credits = cash ? 0 : goods + (whole ? part.shippingCents : 0);
      earned.set(part.sellerEmail, (earned.get(part.sellerEmail) ?? 0) + credits - commission);
      commissionCents += commission;
    }
  }
  return { earned, commissionCents };
}

describe('any sequence of orders, payments, deliveries, cancellations, refunds and payouts', () => {
  it("keeps each seller's ledger at what the orders earned them less payouts, and the shop's commission", async () => {
    const { db } = testApp.database;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 8, maxLength: 30 }), async (steps) => {
        const before = await balancesOf(db);
        const orders: Order[] = [];
        const paidOut = await run([{ kind: 'place', method: 'bkash', mugs: 2, lamps: 1 }, ...steps], orders);
        const { earned, commissionCents } = await fromTheOrders(orders);
        const after = await balancesOf(db);
        for (const seller of [mia, leo]) {
          const sum = (after.get(seller.email) ?? 0) - (before.get(seller.email) ?? 0);
          expect(sum, seller.email).toBe((earned.get(seller.email) ?? 0) - (paidOut.get(seller.email) ?? 0));
          const shown = await earningsOf(testApp.app, seller);
          expect(dollarsToCents(shown.balance)).toBe(after.get(seller.email) ?? 0);
          // Without a hold, everything is available; a payout never takes more.
          expect(shown.available).toBe(shown.balance);
        }
        const ids = orders.map((order) => order._id);
        const [charged] = await db
          .select({ cents: sql<string>`coalesce(-sum(${sellerLedger.amountCents}), 0)` })
          .from(sellerLedger)
          .where(sql`${sellerLedger.kind} = 'commission' and ${inArray(sellerLedger.orderId, ids)}`);
        expect(Number(charged?.cents)).toBe(commissionCents);
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});

/** Each seller's ledger sum, straight from the table. */
async function balancesOf(db: typeof testApp.database.db) {
  const rows = await db
    .select({ seller: sellerLedger.sellerEmail, cents: sql<string>`sum(${sellerLedger.amountCents})` })
    .from(sellerLedger)
    .groupBy(sellerLedger.sellerEmail);
  return new Map(rows.map((row) => [row.seller, Number(row.cents)]));
}
