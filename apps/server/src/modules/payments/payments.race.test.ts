import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@bazaar/shared/orders';
import { signUp, signUpAdmin, type TestAccount } from '../../test/accounts.ts';
import {
  claimed,
  claimOf,
  decide,
  moveSale,
  orderAs,
  expiry,
  sendClaim,
  useExpiringApp,
  walletOrder,
} from '../../test/payment-fixtures.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { testEngine } from '../../test/test-database.ts';

// PostgreSQL only: PGlite runs one statement at a time, so nothing there races.
const WINDOW_HOURS = 0.00001;
const testApp = useExpiringApp(WINDOW_HOURS);
let bea: TestAccount;
let ben: TestAccount;
let mia: TestAccount;
let leo: TestAccount;
let admin: TestAccount;
let mug: string;
let lamp: string;

beforeAll(async () => {
  bea = await signUp(testApp.app, 'bea-race@bazaar.test', 'Bea Buyer');
  ben = await signUp(testApp.app, 'ben-race@bazaar.test', 'Ben Buyer');
  mia = await signUp(testApp.app, 'mia-race@bazaar.test', 'Mia Mugs');
  leo = await signUp(testApp.app, 'leo-race@bazaar.test', 'Leo Lamps');
  admin = await signUpAdmin(testApp);
  const [mugRow, lampRow] = await insertProducts(testApp.database.db, [
    productRow({ name: 'Mug', priceCents: 1000, sellerId: mia.id }),
    productRow({ name: 'Lamp', priceCents: 4500, sellerId: leo.id }),
  ]);
  mug = mugRow!.id;
  lamp = lampRow!.id;
});

const ROUNDS = 6;
const kinds = (order: Order) => order.payment.events.map((event) => event.kind);

describe.runIf(testEngine === 'postgres')('payments at once', () => {
  it('takes a transaction ID sent for two orders at once for one of them only', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const orders = [
        await walletOrder(testApp.app, bea, [mug], [1]),
        await walletOrder(testApp.app, ben, [mug], [1]),
      ];
      const transactionId = `SAME${process.pid}R${round}`;
      const answers = await Promise.all(
        [bea, ben].map((buyer, i) =>
          sendClaim(testApp.app, buyer, orders[i]!._id, claimOf(orders[i]!, { transactionId })),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      const statuses = await Promise.all(
        [bea, ben].map(async (buyer, i) => (await orderAs(testApp.app, buyer, orders[i]!)).payment.status),
      );
      expect(statuses.sort()).toEqual(['awaiting_verification', 'unpaid']);
    }
  });

  it('decides a claim once when two admins accept and reject it at once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = await walletOrder(testApp.app, bea, [mug], [1]);
      const claimId = await claimed(testApp.app, bea, order);
      const answers = await Promise.all([
        decide(testApp.app, admin, claimId, 'accept'),
        decide(testApp.app, admin, claimId, 'reject'),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const seen = await orderAs(testApp.app, bea, order);
      const decisions = kinds(seen).filter((kind) => kind === 'accepted' || kind === 'rejected');
      expect(decisions).toHaveLength(1);
      expect(seen.payment.status).toBe(decisions[0] === 'accepted' ? 'paid' : 'unpaid');
    }
  });

  it('keeps a claim that arrives as the window closes: paid, or ended and owed back, never both, never lost', async () => {
    const expire = expiry(testApp.database.db, WINDOW_HOURS);
    const placed = [];
    for (let round = 0; round < ROUNDS; round += 1)
      placed.push(await walletOrder(testApp.app, bea, [mug], [1]));
    await new Promise((resolve) => setTimeout(resolve, WINDOW_HOURS * 3_600_000 + 50));

    const [answers] = await Promise.all([
      Promise.all(placed.map((order) => sendClaim(testApp.app, bea, order._id, claimOf(order)))),
      expire(),
    ]);
    for (const [i, answer] of answers.entries()) {
      expect(answer.statusCode, answer.body).toBe(201);
      expect(
        (await decide(testApp.app, admin, answer.json<{ _id: string }>()._id, 'accept')).statusCode,
      ).toBe(200);
      const seen = await orderAs(testApp.app, bea, placed[i]!);
      if (kinds(seen).includes('expired')) {
        expect(seen.status).toBe('cancelled');
        expect(seen.payment).toMatchObject({ status: 'refund_due', paid: 20, due: 0 });
        expect(seen.payment.events.at(-1)).toMatchObject({ kind: 'refund_due', amount: 20 });
      } else {
        expect(seen.status).toBe('processing');
        expect(seen.payment).toMatchObject({ status: 'paid', paid: 20, due: 0 });
      }
    }
  });

  it('records the refund of a part cancelled while its payment is accepted', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = await walletOrder(testApp.app, bea, [mug, lamp], [2, 1]);
      const claimId = await claimed(testApp.app, bea, order);
      const [accepted, cancelled] = await Promise.all([
        decide(testApp.app, admin, claimId, 'accept'),
        moveSale(testApp.app, leo, order._id, 'cancelled'),
      ]);
      expect([accepted.statusCode, cancelled.statusCode]).toEqual([200, 200]);
      const seen = await orderAs(testApp.app, bea, order);
      expect(seen.payment).toMatchObject({ status: 'refund_due', paid: 85, due: 0 });
      const owed = seen.payment.events.filter((event) => event.kind === 'refund_due');
      expect(owed.map((event) => event.amount)).toEqual([55]);
    }
  });
});
