import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiError } from '@bazaar/shared/errors';
import type { Order } from '@bazaar/shared/orders';
import { orderLines } from '../../db/schema.ts';
import { asBearer, signUp, signUpAdmin, type TestAccount } from '../../test/accounts.ts';
import { orderBody, placeOrder } from '../../test/order-fixtures.ts';
import { moveSale, saleAs } from '../../test/payment-fixtures.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

// The shop takes 12.5 % unless an admin sets another rate.
const testApp = useTestApp({ COMMISSION_PERCENT: '12.5' });
let buyer: TestAccount;
let mia: TestAccount;
let leo: TestAccount;
let admin: TestAccount;
/** $10.00 each. */
let mug: string;
/** $19.99 less 15 %: $16.99 each. */
let lamp: string;

beforeAll(async () => {
  buyer = await signUp(testApp.app, 'bo-commission@bazaar.test', 'Bo Buyer');
  mia = await signUp(testApp.app, 'mia-commission@bazaar.test', 'Mia Mugs');
  leo = await signUp(testApp.app, 'leo-commission@bazaar.test', 'Leo Lamps');
  admin = await signUpAdmin(testApp);
  const [mugRow, lampRow] = await insertProducts(testApp.database.db, [
    productRow({ name: 'Mug', priceCents: 1000, sellerId: mia.id }),
    productRow({ name: 'Lamp', priceCents: 1999, discount: 15, sellerId: leo.id }),
  ]);
  mug = mugRow!.id;
  lamp = lampRow!.id;
});

async function order(quantities: [number, number]): Promise<Order> {
  const response = await placeOrder(testApp.app, buyer, orderBody([mug, lamp], quantities));
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.body}`);
  return response.json<Order>();
}

const setCommission = (account: TestAccount, commissionPercent: unknown) =>
  testApp.app.inject({
    method: 'PATCH',
    url: '/api/settings/payments',
    headers: asBearer(account),
    payload: { commissionPercent },
  });

const frozenOn = (orderId: string) =>
  testApp.database.db
    .select({
      position: orderLines.position,
      basisPoints: orderLines.commissionBasisPoints,
      cents: orderLines.commissionCents,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.position);

describe('the commission', () => {
  it('is frozen on each line at placement from the configured rate, and shown to each seller beside their sale', async () => {
    const placed = await order([3, 2]);
    // 12.5 % of $30.00 is $3.75; of 2 × $16.99 = $33.98 it is $4.2475, rounded to $4.25.
    expect(await frozenOn(placed._id)).toEqual([
      { position: 0, basisPoints: 1250, cents: 375 },
      { position: 1, basisPoints: 1250, cents: 425 },
    ]);
    expect((await saleAs(testApp.app, mia, placed)).commission).toEqual({ percent: 12.5, amount: 3.75 });
    expect((await saleAs(testApp.app, leo, placed)).commission).toEqual({ percent: 12.5, amount: 4.25 });
    // The buyer's order says nothing of it.
    expect(placed).not.toHaveProperty('commission');
  });

  it('never changes on a placed order when an admin changes the rate; new orders take the new one', async () => {
    const before = await order([1, 1]);
    const set = await setCommission(admin, 20);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ commissionPercent: 20 });
    const after = await order([1, 1]);

    expect((await saleAs(testApp.app, mia, before)).commission).toEqual({ percent: 12.5, amount: 1.25 });
    expect((await saleAs(testApp.app, mia, after)).commission).toEqual({ percent: 20, amount: 2 });
    // Null goes back to COMMISSION_PERCENT.
    expect((await setCommission(admin, null)).json()).toMatchObject({ commissionPercent: 12.5 });
    expect((await frozenOn(after._id)).map((line) => line.basisPoints)).toEqual([2000, 2000]);
  });

  it("leaves a cancelled line's commission out of what the seller is shown", async () => {
    const placed = await order([2, 1]);
    const cancelled = await moveSale(testApp.app, mia, placed._id, 'cancelled');
    expect(cancelled.statusCode).toBe(200);
    expect((await saleAs(testApp.app, mia, placed)).commission).toEqual({ percent: 12.5, amount: 0 });
    expect((await saleAs(testApp.app, leo, placed)).commission).toEqual({ percent: 12.5, amount: 2.12 });
  });

  it('is set by an admin only, as a percentage from 0 to 100 with two decimals at most', async () => {
    for (const account of [buyer, mia]) {
      expect((await setCommission(account, 5)).statusCode).toBe(403);
    }
    for (const [value, message] of [
      [-1, 'The commission cannot be below 0 %'],
      [100.5, 'The commission cannot be above 100 %'],
      [12.345, 'The commission has at most two decimals'],
      ['ten', 'The commission is a percentage, such as 10 or 12.5, or null for the configured one'],
    ] as const) {
      const refused = await setCommission(admin, value);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ApiError>().details).toEqual([{ path: 'commissionPercent', message }]);
    }
    const settings = await testApp.app.inject({
      method: 'GET',
      url: '/api/settings/payments',
      headers: asBearer(admin),
    });
    expect(settings.json()).toMatchObject({ commissionPercent: 12.5 });
  });
});
