import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OrderCreatedSchema } from '@bazaar/shared/orders';
import type { ApiError } from '@bazaar/shared/errors';
import { orderLines, products } from '../../db/schema.ts';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { countOrders, orderBody, placeOrder } from '../../test/order-fixtures.ts';

const testApp = useTestApp();
let productIds: string[];
let accountSequence = 0;

beforeAll(async () => {
  const rows = await insertProducts(testApp.database.db, [
    productRow({ priceCents: 2500 }),
    productRow({ priceCents: 999 }),
  ]);
  productIds = rows.map((row) => row.id);
});

/** A new buyer per test, so that each test counts only its own orders. */
async function buyer(): Promise<TestAccount> {
  accountSequence += 1;
  return signUp(testApp.app, `buyer-${accountSequence}@bazaar.test`);
}

describe('Idempotency-Key on POST /api/orders', () => {
  it('answers a retry with the first order (200, same insertedId) and creates nothing', async () => {
    const account = await buyer();
    const body = orderBody(productIds, [2, 1]);
    const first = await placeOrder(testApp.app, account, body, 'checkout-1');
    const retry = await placeOrder(testApp.app, account, body, 'checkout-1');
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(OrderCreatedSchema.parse(retry.json())).toEqual(OrderCreatedSchema.parse(first.json()));
    expect(await countOrders(testApp.database.db, account.email)).toBe(1);
  });

  it('treats a retry whose fields come in another order, or with echoed fields, as the same submission', async () => {
    const account = await buyer();
    const { products: lines, ...contact } = orderBody(productIds);
    const first = await placeOrder(testApp.app, account, { products: lines, ...contact }, 'k');
    const retry = await placeOrder(
      testApp.app,
      account,
      { ...contact, products: lines, totalPrice: 1, status: 'x' },
      'k',
    );
    expect(retry.statusCode).toBe(200);
    expect(retry.json<{ insertedId: string }>().insertedId).toBe(
      first.json<{ insertedId: string }>().insertedId,
    );
  });

  it('answers a retry with the order as placed even after the product was repriced or deleted', async () => {
    const account = await buyer();
    const [gone] = await insertProducts(testApp.database.db, [productRow({ priceCents: 700 })]);
    const body = orderBody([gone!.id]);
    const first = await placeOrder(testApp.app, account, body, 'before-delete');
    await testApp.database.db.delete(products).where(eq(products.id, gone!.id));
    const retry = await placeOrder(testApp.app, account, body, 'before-delete');
    expect(retry.statusCode).toBe(200);
    expect(retry.json<{ insertedId: string; totalPrice: number }>()).toMatchObject({
      insertedId: first.json<{ insertedId: string }>().insertedId,
      // $7.00 and the seller's $10.00 of shipping.
      totalPrice: 17,
    });
  });

  it('refuses the same key for a different order with a 409, creating nothing', async () => {
    const account = await buyer();
    const first = await placeOrder(testApp.app, account, orderBody(productIds, [1, 1]), 'reused');
    expect(first.statusCode).toBe(201);
    for (const other of [
      orderBody(productIds, [1, 2]),
      orderBody([...productIds].reverse()),
      { ...orderBody(productIds), address: 'Elsewhere' },
    ]) {
      const response = await placeOrder(testApp.app, account, other, 'reused');
      expect(response.statusCode).toBe(409);
      const error = response.json<ApiError>();
      expect(error.error).toBe('CONFLICT');
      expect(error.message).toContain('Idempotency-Key was already used for a different order');
    }
    expect(await countOrders(testApp.database.db, account.email)).toBe(1);
  });

  it('makes exactly one order with its lines once of 100 simultaneous submissions with one key', async () => {
    const account = await buyer();
    const body = orderBody(productIds, [3, 4]);
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => placeOrder(testApp.app, account, body, 'double-click')),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(99).fill(200), 201]);
    const ids = new Set(responses.map((response) => response.json<{ insertedId: string }>().insertedId));
    expect(ids.size).toBe(1);
    expect(await countOrders(testApp.database.db, account.email)).toBe(1);
    const [id] = [...ids];
    const lines = await testApp.database.db.select().from(orderLines).where(eq(orderLines.orderId, id!));
    const stored = lines
      .sort((a, b) => a.position - b.position)
      .map((line) => [line.productId, line.quantity]);
    expect(stored).toEqual([
      [productIds[0], 3],
      [productIds[1], 4],
    ]);
  });

  it('keeps keys per user: two users with one key get two orders', async () => {
    const [first, second] = [await buyer(), await buyer()];
    const body = orderBody(productIds);
    const [a, b] = await Promise.all([
      placeOrder(testApp.app, first, body, 'shared-key'),
      placeOrder(testApp.app, second, body, 'shared-key'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json<{ insertedId: string }>().insertedId).not.toBe(b.json<{ insertedId: string }>().insertedId);
    expect(await countOrders(testApp.database.db, first.email)).toBe(1);
    expect(await countOrders(testApp.database.db, second.email)).toBe(1);
  });

  it('places a new order for every submission without a key (or with a blank one)', async () => {
    const account = await buyer();
    const body = orderBody(productIds);
    const answers = [
      await placeOrder(testApp.app, account, body),
      await placeOrder(testApp.app, account, body),
      await placeOrder(testApp.app, account, body, '  '),
      await placeOrder(testApp.app, account, body, ''),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    expect(await countOrders(testApp.database.db, account.email)).toBe(4);
  });
});
