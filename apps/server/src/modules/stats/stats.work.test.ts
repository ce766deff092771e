import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { OverviewSchema } from '@bazaar/shared/stats';
import { orderLines } from '../../db/schema.ts';
import { asBearer, signUp, signUpCast, type TestAccount } from '../../test/accounts.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { orderOf } from '../../test/order-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

const testApp = useTestApp();
let seller: TestAccount;
let otherSeller: TestAccount;
let admin: TestAccount;
let stranger: TestAccount;

/** Marks one seller's lines of an order shipped, as their Sales page does. */
async function shipLinesOf(orderId: string, sellerEmail: string) {
  await testApp.database.db
    .update(orderLines)
    .set({ status: 'shipped' })
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.sellerEmail, sellerEmail)));
}

async function workOf(account: TestAccount) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/stats/overview',
    headers: asBearer(account),
  });
  expect(response.statusCode).toBe(200);
  return OverviewSchema.parse(response.json()).work;
}

beforeAll(async () => {
  ({ owner: seller, stranger, admin } = await signUpCast(testApp, 'work'));
  otherSeller = await signUp(testApp.app, 'olga-other@bazaar.test', 'Olga Other');
  const buyer = await signUp(testApp.app, 'bruno-buyer@bazaar.test', 'Bruno Buyer');
  const [kettle, , lamp, chair] = await insertProducts(testApp.database.db, [
    // 6 in stock: the order below takes 1 and leaves 5, which is low.
    productRow({ name: 'Kettle', stock: 6, sellerId: seller.id }),
    productRow({ name: 'Mug', stock: 0, sellerId: seller.id }),
    productRow({ name: 'Lamp', stock: null, sellerId: seller.id }),
    productRow({ name: 'Chair', stock: 40, sellerId: otherSeller.id }),
  ]);
  await insertProducts(testApp.database.db, [
    productRow({ name: 'Vase', stock: 7, sellerId: seller.id }),
    productRow({ name: 'Stool', stock: 2, sellerId: otherSeller.id }),
  ]);
  // Waiting for both sellers.
  await orderOf(testApp.app, buyer, [kettle!.id, chair!.id]);
  // Shipped by the seller: nothing left to do.
  const shipped = await orderOf(testApp.app, buyer, [lamp!.id]);
  await shipLinesOf(shipped._id, seller.email);
  // The seller shipped their part; the other seller has not.
  const half = await orderOf(testApp.app, buyer, [lamp!.id, chair!.id]);
  await shipLinesOf(half._id, seller.email);
});

describe('the overview\'s "to ship" and "low stock" figures', () => {
  it('count for a seller the orders still waiting for their lines and their products at 5 or fewer', async () => {
    // To ship: the first order. Low: the kettle (5 left after the order) and the mug (0).
    expect(await workOf(seller)).toEqual({ toShip: 1, lowStock: 2 });
    // To ship: the first and the half-shipped order. Low: the stool.
    expect(await workOf(otherSeller)).toEqual({ toShip: 2, lowStock: 1 });
  });

  it('count the whole shop for an admin, and nothing for a user who sells nothing', async () => {
    expect(await workOf(admin)).toEqual({ toShip: 2, lowStock: 3 });
    expect(await workOf(stranger)).toEqual({ toShip: 0, lowStock: 0 });
  });
});
