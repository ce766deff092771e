import { beforeAll, describe, expect, it } from 'vitest';
import { OverviewSchema, type Overview } from '@bazaar/shared/stats';
import { asBearer, signUp, signUpCast, type TestAccount } from '../../test/accounts.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { orderOf } from '../../test/order-fixtures.ts';
import { claimed, decide, moveSale, walletOrder, WALLET_ENV } from '../../test/payment-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

const testApp = useTestApp(WALLET_ENV);
let seller: TestAccount;
let otherSeller: TestAccount;
let admin: TestAccount;
let buyer: TestAccount;
let mug: string;
let chair: string;

async function overviewOf(account: TestAccount): Promise<Overview> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/stats/overview',
    headers: asBearer(account),
  });
  expect(response.statusCode).toBe(200);
  return OverviewSchema.parse(response.json());
}

const figuresOf = async (account: TestAccount) => {
  const { totals, work } = await overviewOf(account);
  return { orders: totals.orders, revenue: totals.revenue, toShip: work.toShip };
};

async function ok(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBeLessThan(300);
}

beforeAll(async () => {
  ({ owner: seller, admin, stranger: buyer } = await signUpCast(testApp, 'paid-stats'));
  otherSeller = await signUp(testApp.app, 'otto-other@bazaar.test', 'Otto Other');
  const [mugRow, chairRow] = await insertProducts(testApp.database.db, [
    productRow({ name: 'Mug', priceCents: 1000, sellerId: seller.id }),
    productRow({ name: 'Chair', priceCents: 10000, sellerId: otherSeller.id }),
  ]);
  [mug, chair] = [mugRow!.id, chairRow!.id];
});

describe("the overview's revenue counts paid parts only", () => {
  it('counts a cash part once its seller delivered it, and each seller only their own', async () => {
    const order = await orderOf(testApp.app, buyer, [mug, chair]);
    // Placed: two orders to ship, nothing paid yet.
    expect(await figuresOf(seller)).toEqual({ orders: 1, revenue: 0, toShip: 1 });
    expect(await figuresOf(admin)).toEqual({ orders: 1, revenue: 0, toShip: 1 });

    await ok(await moveSale(testApp.app, seller, order._id, 'shipped'));
    await ok(await moveSale(testApp.app, seller, order._id, 'delivered'));
    // The courier collected the seller's cash; the other seller's part is still on its way.
    expect(await figuresOf(seller)).toEqual({ orders: 1, revenue: 10, toShip: 0 });
    expect(await figuresOf(otherSeller)).toEqual({ orders: 1, revenue: 0, toShip: 1 });
    expect(await figuresOf(admin)).toEqual({ orders: 1, revenue: 10, toShip: 1 });
  });

  it('counts a wallet order once an admin accepted its payment, and ships it only then', async () => {
    const before = await figuresOf(admin);
    const order = await walletOrder(testApp.app, buyer, [mug, chair], [2, 1]);
    const claim = await claimed(testApp.app, buyer, order);
    // Claimed, not verified: neither revenue nor anything a seller may ship.
    expect(await figuresOf(admin)).toEqual({ ...before, orders: before.orders + 1 });

    await ok(await decide(testApp.app, admin, claim, 'accept'));
    // Goods only: $20.00 of mugs and the $100.00 chair; the shipping is not revenue.
    expect(await figuresOf(admin)).toEqual({
      orders: before.orders + 1,
      revenue: before.revenue + 120,
      toShip: before.toShip + 1,
    });
  });

  it('leaves out a paid part once cancelled', async () => {
    const before = await figuresOf(seller);
    const order = await walletOrder(testApp.app, buyer, [mug]);
    await ok(await decide(testApp.app, admin, await claimed(testApp.app, buyer, order), 'accept'));
    expect(await figuresOf(seller)).toEqual({
      orders: before.orders + 1,
      revenue: before.revenue + 10,
      toShip: before.toShip + 1,
    });

    await ok(await moveSale(testApp.app, seller, order._id, 'cancelled'));
    expect(await figuresOf(seller)).toEqual(before);
  });
});
