import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { OrderStatus } from '@bazaar/shared/orders';
import { OverviewSchema, type Overview } from '@bazaar/shared/stats';
import { categories, orderLines, orders } from '../../db/schema.ts';
import { asBearer, asCookie, signUp, signUpCast, type TestAccount } from '../../test/accounts.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { orderBody, placeOrder } from '../../test/order-fixtures.ts';

// The dashboard's clock in these tests: last month is March 2026, which has 31 days.
const NOW = new Date('2026-04-10T12:00:00Z');
const MONTHS = [
  '2025-05',
  '2025-06',
  '2025-07',
  '2025-08',
  '2025-09',
  '2025-10',
  '2025-11',
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
];

const testApp = useTestApp({}, { clock: () => NOW });
let seller: TestAccount;
let admin: TestAccount;
let stranger: TestAccount;

/**
 * Places an order through the API, then moves it to `at` (and `status`) as if it had been placed then: before the
 * shop recorded payments, so that a delivered one counts as paid (`stats.paid.test.ts` has today's orders).
 */
async function orderAt(
  buyer: TestAccount,
  lines: [productId: string, quantity: number][],
  at: string,
  status: OrderStatus = 'delivered',
) {
  const body = orderBody(
    lines.map(([productId]) => productId),
    lines.map(([, quantity]) => quantity),
  );
  const response = await placeOrder(testApp.app, buyer, body);
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.body}`);
  const orderId = response.json<{ _id: string }>()._id;
  await testApp.database.db
    .update(orders)
    .set({ orderTime: new Date(at), status })
    .where(eq(orders.id, orderId));
  await testApp.database.db.update(orderLines).set({ status }).where(eq(orderLines.orderId, orderId));
}

beforeAll(async () => {
  const { app, database } = testApp;
  ({ owner: seller, stranger, admin } = await signUpCast(testApp, 'stats'));
  const other = await signUp(app, 'oscar-other-seller@bazaar.test', 'Oscar Other');
  const bea = await signUp(app, 'bea-buyer@bazaar.test', 'Bea Buyer');
  const ben = await signUp(app, 'ben-buyer@bazaar.test', 'Ben Buyer');
  const cora = await signUp(app, 'cora-buyer@bazaar.test', 'Cora Buyer');
  await database.db
    .insert(categories)
    .values(
      ['kitchen', 'gifts', 'home', 'garden'].map((name) => ({ name, imageUrl: `/images/${name}.svg` })),
    );
  const [mugRow, lampRow, chairRow] = await insertProducts(database.db, [
    // $10.00 a mug, $25.00 − 20 % = $20.00 a lamp, both the seller's; $100.00 a chair from another seller.
    productRow({ name: 'Mug', priceCents: 1000, categories: ['kitchen', 'gifts'], sellerId: seller.id }),
    productRow({
      name: 'Lamp',
      priceCents: 2500,
      discount: 20,
      categories: ['home', 'kitchen'],
      sellerId: seller.id,
    }),
    productRow({ name: 'Chair', priceCents: 10000, categories: ['home', 'garden'], sellerId: other.id }),
  ]);
  const [mug, lamp, chair] = [mugRow!.id, lampRow!.id, chairRow!.id];

  await orderAt(
    bea,
    [
      [mug, 2],
      [chair, 1],
    ],
    '2026-04-05T10:00:00Z',
  ); // this month
  await orderAt(ben, [[lamp, 3]], '2025-11-15T09:00:00Z'); // months ago
  await orderAt(bea, [[mug, 1]], '2026-03-01T00:00:00Z'); // last month, week 1 from its first instant
  await orderAt(ben, [[lamp, 1]], '2026-03-14T23:59:59Z'); // week 2 until its last second
  await orderAt(bea, [[mug, 4]], '2026-03-15T00:00:00Z'); // week 3
  await orderAt(bea, [[lamp, 2]], '2026-03-29T08:00:00Z'); // day 29: week 4
  await orderAt(
    ben,
    [
      [mug, 1],
      [chair, 2],
    ],
    '2026-03-31T23:30:00Z',
  ); // day 31: week 4
  await orderAt(bea, [[mug, 1]], '2026-02-28T23:59:59Z'); // February, not last month
  await orderAt(
    cora,
    [
      [mug, 5],
      [chair, 1],
    ],
    '2026-03-10T12:00:00Z',
    'cancelled',
  ); // counts nowhere
  await orderAt(
    bea,
    [
      [lamp, 1],
      [chair, 1],
    ],
    '2025-04-30T23:59:59Z',
  ); // before the 12 months
  await orderAt(ben, [[mug, 1]], '2025-05-01T00:00:00Z'); // the first of the 12 months
  await orderAt(cora, [[chair, 1]], '2026-01-20T15:00:00Z'); // only the other seller's product
});

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers });

async function overviewOf(account: TestAccount): Promise<Overview> {
  const response = await get('/api/stats/overview', asBearer(account));
  expect(response.statusCode).toBe(200);
  return OverviewSchema.parse(response.json());
}

/** A 12-month series from the months that had sales; the others are zero. */
function monthly<T>(figures: Record<string, T>, zero: T): T[] {
  return MONTHS.map((month) => figures[month] ?? zero);
}

describe('GET /api/stats/overview', () => {
  it("gives a seller their own products, sales and buyers, without cancelled orders or others' lines", async () => {
    const overview = await overviewOf(seller);
    expect(overview.scope).toBe('seller');
    // 10 orders with the seller's lines (the cancelled one left out): $240.00 from Bea and Ben.
    expect(overview.totals).toEqual({ products: 2, orders: 10, revenue: 240, users: 2, categories: 3 });
    expect(overview.revenueByMonth).toEqual(
      monthly({ '2025-05': 10, '2025-11': 60, '2026-02': 10, '2026-03': 120, '2026-04': 20 }, 0).map(
        (revenue, i) => ({ month: MONTHS[i], revenue }),
      ),
    );
    expect(overview.salesByMonth).toEqual(
      monthly({ '2025-05': 1, '2025-11': 3, '2026-02': 1, '2026-03': 9, '2026-04': 2 }, 0).map(
        (units, i) => ({
          month: MONTHS[i],
          units,
        }),
      ),
    );
    expect(overview.lastMonthByWeek).toEqual([
      { week: 'Week 1', units: 1, revenue: 10 },
      { week: 'Week 2', units: 1, revenue: 20 },
      { week: 'Week 3', units: 4, revenue: 40 },
      { week: 'Week 4', units: 3, revenue: 50 },
    ]);
  });

  it('gives an admin the whole shop', async () => {
    const overview = await overviewOf(admin);
    expect(overview.scope).toBe('shop');
    // 7 accounts, 4 categories, 3 products; 11 orders worth $740.00 besides the cancelled one.
    expect(overview.totals).toEqual({ products: 3, orders: 11, revenue: 740, users: 7, categories: 4 });
    expect(overview.revenueByMonth.map((month) => month.revenue)).toEqual(
      monthly(
        { '2025-05': 10, '2025-11': 60, '2026-01': 100, '2026-02': 10, '2026-03': 320, '2026-04': 120 },
        0,
      ),
    );
    expect(overview.salesByMonth.map((month) => month.units)).toEqual(
      monthly({ '2025-05': 1, '2025-11': 3, '2026-01': 1, '2026-02': 1, '2026-03': 11, '2026-04': 3 }, 0),
    );
    expect(overview.revenueByMonth.map((month) => month.month)).toEqual(MONTHS);
    expect(overview.lastMonthByWeek).toEqual([
      { week: 'Week 1', units: 1, revenue: 10 },
      { week: 'Week 2', units: 1, revenue: 20 },
      { week: 'Week 3', units: 4, revenue: 40 },
      { week: 'Week 4', units: 5, revenue: 250 },
    ]);
  });

  it('gives a user who sold nothing zeros: 12 months and 4 weeks of them', async () => {
    for (const headers of [asBearer(stranger), asCookie(stranger)]) {
      const response = await get('/api/stats/overview', headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        scope: 'seller',
        totals: { products: 0, orders: 0, revenue: 0, users: 0, categories: 0 },
        work: { toShip: 0, lowStock: 0 },
        revenueByMonth: MONTHS.map((month) => ({ month, revenue: 0 })),
        salesByMonth: MONTHS.map((month) => ({ month, units: 0 })),
        lastMonthByWeek: [1, 2, 3, 4].map((week) => ({ week: `Week ${week}`, units: 0, revenue: 0 })),
        money: null,
      });
    }
  });

  it('refuses an anonymous caller with 401', async () => {
    const response = await get('/api/stats/overview');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'UNAUTHORIZED' });
  });

  it.each([['?scope=shop'], ['?seller=bea-buyer@bazaar.test'], ['?limit=5']])(
    'refuses an unknown parameter (%s) with 400',
    async (query) => {
      const response = await get(`/api/stats/overview${query}`, asBearer(seller));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    },
  );
});

describe('GET /api/stats/overview on the real clock', () => {
  const realClockApp = useTestApp();

  it('ends the 12 months with the current UTC month', async () => {
    const account = await signUp(realClockApp.app, 'clock@bazaar.test');
    const monthNow = () => new Date().toISOString().slice(0, 7);
    const before = monthNow();
    const response = await realClockApp.app.inject({
      method: 'GET',
      url: '/api/stats/overview',
      headers: asBearer(account),
    });
    const after = monthNow();
    const { revenueByMonth } = OverviewSchema.parse(response.json());
    expect([before, after]).toContain(revenueByMonth.at(-1)?.month);
  });
});
