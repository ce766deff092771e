import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiError } from '@bazaar/shared/errors';
import { OrderCreatedSchema, QUANTITY_MAX } from '@bazaar/shared/orders';
import type { Product } from '@bazaar/shared/products';
import { parseEnv } from '../../config/env.ts';
import { orderLines } from '../../db/schema.ts';
import { asBearer, signUp, signUpAdmin, type TestAccount } from '../../test/accounts.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { changeStatus, countOrders, orderBody, placeOrder } from '../../test/order-fixtures.ts';

/** Small, so that a test reaches it in a few orders. */
const HOLD_LIMIT = 5;
const testApp = useTestApp({ UNITS_HELD_PER_PRODUCT: String(HOLD_LIMIT) });
let admin: TestAccount;
let buyers = 0;

beforeAll(async () => {
  admin = await signUpAdmin(testApp);
});

const newBuyer = () => signUp(testApp.app, `limits-${(buyers += 1)}@bazaar.test`);

async function newProduct(fields: { priceCents?: number; stock?: number | null; name?: string } = {}) {
  const [row] = await insertProducts(testApp.database.db, [productRow({ discount: 0, ...fields })]);
  if (!row) throw new Error('no product');
  return row;
}

async function productOf(id: string) {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/products/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Product>();
}

async function setPrice(id: string, price: number) {
  const response = await testApp.app.inject({
    method: 'PATCH',
    url: `/api/products/${id}`,
    headers: asBearer(admin),
    payload: { price },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The units of a product that the lines of its orders hold, whatever their status. */
async function unitsOrdered(productId: string) {
  const lines = await testApp.database.db
    .select({ quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.productId, productId));
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

describe('an order whose price changed since the buyer saw it', () => {
  it('is refused with 409 PRICE_CHANGED and the new total, writing nothing; the new total places it', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ priceCents: 100, stock: 10 });
    // Ordered once at $1 (and the seller's $10 of shipping): this process now prices the product from memory.
    const seen = await productOf(product.id);
    expect(seen.price).toBe(1);
    const first = await placeOrder(testApp.app, buyer, { ...orderBody([product.id]), totalPrice: 11 });
    expect(first.statusCode, first.body).toBe(201);

    await setPrice(product.id, 999);
    const refused = await placeOrder(testApp.app, buyer, { ...orderBody([product.id]), totalPrice: 11 });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<ApiError>()).toEqual({
      error: 'PRICE_CHANGED',
      message: 'The price changed: the total is now $1,009.00 (was $11.00). Place the order again to accept.',
      totalPrice: 1009,
    });
    expect(await countOrders(testApp.database.db, buyer.email)).toBe(1);
    expect((await productOf(product.id)).stock).toBe(9);

    const accepted = await placeOrder(testApp.app, buyer, { ...orderBody([product.id]), totalPrice: 1009 });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(OrderCreatedSchema.parse(accepted.json()).totalPrice).toBe(1009);
    expect((await productOf(product.id)).stock).toBe(8);
  });

  it('is placed when the total sent is the new one, though this process last priced the old one', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ priceCents: 250 });
    expect((await placeOrder(testApp.app, buyer, orderBody([product.id], [2]))).statusCode).toBe(201);
    await setPrice(product.id, 3);
    const response = await placeOrder(testApp.app, buyer, {
      ...orderBody([product.id], [2]),
      totalPrice: 16,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(OrderCreatedSchema.parse(response.json()).totalPrice).toBe(16);
  });

  it('is placed at the new price, as before, when the client sends no total', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ priceCents: 100 });
    await setPrice(product.id, 999);
    const response = await placeOrder(testApp.app, buyer, orderBody([product.id]));
    expect(response.statusCode, response.body).toBe(201);
    expect(OrderCreatedSchema.parse(response.json()).totalPrice).toBe(1009);
  });

  it('answers a retry of a placed order (same Idempotency-Key) with that order, not a 409', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ priceCents: 100 });
    const body = { ...orderBody([product.id]), totalPrice: 11 };
    const first = await placeOrder(testApp.app, buyer, body, 'checkout-price');
    expect(first.statusCode, first.body).toBe(201);
    await setPrice(product.id, 999);
    const retry = await placeOrder(testApp.app, buyer, body, 'checkout-price');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(OrderCreatedSchema.parse(retry.json())).toMatchObject({
      insertedId: first.json<{ insertedId: string }>().insertedId,
      totalPrice: 11,
    });
    expect(await countOrders(testApp.database.db, buyer.email)).toBe(1);
  });
});

describe('the units of one product a buyer holds in orders not yet shipped', () => {
  it('are limited: orders up to the limit pass, the next is 409 HOLD_LIMIT and writes nothing', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ name: 'Brass Kettle', stock: 200 });
    const other = await newProduct({ stock: 200 });
    expect((await placeOrder(testApp.app, buyer, orderBody([product.id], [2]))).statusCode).toBe(201);
    expect((await placeOrder(testApp.app, buyer, orderBody([product.id], [3]))).statusCode).toBe(201);

    const refused = await placeOrder(testApp.app, buyer, orderBody([other.id, product.id], [1, 1]));
    expect(refused.statusCode, refused.body).toBe(409);
    const message =
      'You already have 5 of Brass Kettle in orders not yet shipped: you may order more once one of them ships or you cancel it.';
    expect(refused.json<ApiError>()).toEqual({
      error: 'HOLD_LIMIT',
      message,
      details: [{ path: 'products.1', message }],
    });
    expect(await countOrders(testApp.database.db, buyer.email)).toBe(2);
    expect((await productOf(product.id)).stock).toBe(195);
    expect((await productOf(other.id)).stock).toBe(200);

    // Another buyer holds none.
    const stranger = await newBuyer();
    expect((await placeOrder(testApp.app, stranger, orderBody([product.id], [5]))).statusCode).toBe(201);
  });

  it('names how many more the buyer may order', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ name: 'Tin Cup' });
    const tooMany = await placeOrder(testApp.app, buyer, orderBody([product.id], [HOLD_LIMIT + 1]));
    expect(tooMany.statusCode, tooMany.body).toBe(409);
    expect(tooMany.json<ApiError>().message).toBe(
      `You may order at most ${HOLD_LIMIT} of Tin Cup until your orders of it ship.`,
    );
    expect((await placeOrder(testApp.app, buyer, orderBody([product.id], [3]))).statusCode).toBe(201);
    const refused = await placeOrder(testApp.app, buyer, orderBody([product.id], [3]));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<ApiError>().message).toBe(
      'You already have 3 of Tin Cup in orders not yet shipped: you may order 2 more.',
    );
    expect((await placeOrder(testApp.app, buyer, orderBody([product.id], [2]))).statusCode).toBe(201);
    expect(await unitsOrdered(product.id)).toBe(5);
  });

  it('leave out shipped and cancelled lines: the buyer may order again', async () => {
    const buyer = await newBuyer();
    const product = await newProduct({ stock: 100 });
    const shipped = await placeOrder(testApp.app, buyer, orderBody([product.id], [3]));
    const cancelled = await placeOrder(testApp.app, buyer, orderBody([product.id], [2]));
    expect((await placeOrder(testApp.app, buyer, orderBody([product.id]))).statusCode).toBe(409);

    const shippedId = OrderCreatedSchema.parse(shipped.json())._id;
    expect((await changeStatus(testApp.app, admin, shippedId, 'shipped')).statusCode).toBe(200);
    expect((await placeOrder(testApp.app, buyer, orderBody([product.id], [3]))).statusCode).toBe(201);
    expect((await placeOrder(testApp.app, buyer, orderBody([product.id]))).statusCode).toBe(409);

    const cancelledId = OrderCreatedSchema.parse(cancelled.json())._id;
    expect((await changeStatus(testApp.app, buyer, cancelledId, 'cancelled')).statusCode).toBe(200);
    expect((await placeOrder(testApp.app, buyer, orderBody([product.id], [2]))).statusCode).toBe(201);
    // Delivered lines are not held either.
    expect((await changeStatus(testApp.app, admin, shippedId, 'delivered')).statusCode).toBe(200);
    expect((await placeOrder(testApp.app, buyer, orderBody([product.id]))).statusCode).toBe(409);
  });

  it('defaults to one order line of the most the checkout offers (QUANTITY_MAX)', () => {
    expect(parseEnv({}).UNITS_HELD_PER_PRODUCT).toBe(QUANTITY_MAX);
  });

  // PostgreSQL only: PGlite runs one statement at a time, so a buyer's orders never overlap there.
  it.runIf(testEngine === 'postgres')(
    'hold no more than the limit when one buyer sends 20 orders for the product at once',
    async () => {
      const buyer = await newBuyer();
      // Uncounted stock: no product row lock puts these orders in line.
      const product = await newProduct({ stock: null });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => placeOrder(testApp.app, buyer, orderBody([product.id]))),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([...Array<number>(HOLD_LIMIT).fill(201), ...Array<number>(15).fill(409)]);
      expect(await unitsOrdered(product.id)).toBe(HOLD_LIMIT);

      const counted = await newProduct({ stock: 100 });
      const twos = await Promise.all(
        Array.from({ length: 20 }, () => placeOrder(testApp.app, buyer, orderBody([counted.id], [2]))),
      );
      expect(twos.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
      expect(await unitsOrdered(counted.id)).toBe(4);
      expect((await productOf(counted.id)).stock).toBe(96);
    },
  );
});
