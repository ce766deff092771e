import { pricedLine } from '../../db/order-line.ts';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { ApiError } from '@bazaar/shared/errors';
import { OrderSchema, type Order } from '@bazaar/shared/orders';
import type { Product } from '@bazaar/shared/products';
import { queryRows } from '../../db/client.ts';
import { orderLines, products } from '../../db/schema.ts';
import { asBearer, signUp, signUpAdmin, type TestAccount } from '../../test/accounts.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { changeStatus, countOrders, orderBody, placeOrder } from '../../test/order-fixtures.ts';
import { createOrdersRepository } from './orders.repository.ts';

const testApp = useTestApp();
/** Buyers enough for the race of 200 orders; each sign-up costs a password hash. */
const BUYERS = 20;
let buyers: TestAccount[];
let admin: TestAccount;

beforeAll(async () => {
  buyers = [];
  for (let i = 0; i < BUYERS; i += 1) buyers.push(await signUp(testApp.app, `stock-${i}@bazaar.test`));
  admin = await signUpAdmin(testApp);
});

const buyer = () => buyers[0]!;

async function productWith(stock: number | null, name?: string) {
  const [row] = await insertProducts(testApp.database.db, [
    productRow({ stock, ...(name === undefined ? {} : { name }) }),
  ]);
  if (!row) throw new Error('no product');
  return row;
}

async function stockOf(id: string) {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/products/${id}` });
  return response.json<Product>().stock;
}

/** The units of a product that its orders' lines hold. */
async function unitsOrdered(productId: string) {
  const lines = await testApp.database.db
    .select({ quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.productId, productId));
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Resolves once `count` statements of this test's database wait for a lock. */
async function waitersAre(count: number) {
  for (;;) {
    const [row] = await queryRows<{ waiting: number }>(
      testApp.database.db,
      sql`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (row?.waiting === count) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const setStock = (productId: string, stock: number | null) =>
  testApp.app.inject({
    method: 'PATCH',
    url: `/api/products/${productId}`,
    headers: asBearer(admin),
    payload: { stock },
  });

describe('placing an order', () => {
  it('takes the ordered units from a tracked product and leaves an untracked one untracked', async () => {
    const tracked = await productWith(5);
    const untracked = await productWith(null);
    const response = await placeOrder(testApp.app, buyer(), orderBody([tracked.id, untracked.id], [2, 7]));
    expect(response.statusCode, response.body).toBe(201);
    expect(await stockOf(tracked.id)).toBe(3);
    expect(await stockOf(untracked.id)).toBeNull();
  });

  it('makes exactly 3 orders when 200 orders from 20 buyers race for the last 3 units; 197 are told it is out of stock', async () => {
    const phone = await productWith(3, 'Cedar Slim Phone');
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        placeOrder(testApp.app, buyers[i % BUYERS]!, orderBody([phone.id])),
      ),
    );
    const placed = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(197);
    for (const response of refused) {
      expect(response.json<ApiError>()).toEqual({
        error: 'OUT_OF_STOCK',
        message: 'Cedar Slim Phone is out of stock',
        details: [{ path: 'products.0', message: 'Cedar Slim Phone is out of stock' }],
      });
    }
    expect(await stockOf(phone.id)).toBe(0);
    expect(await unitsOrdered(phone.id)).toBe(3);
  });

  it('refuses the whole order when one line wants more than is left, naming that product and line', async () => {
    const untracked = await productWith(null);
    const phone = await productWith(2, 'Cedar Slim Phone');
    const before = await countOrders(testApp.database.db, buyer().email);
    const response = await placeOrder(testApp.app, buyer(), orderBody([untracked.id, phone.id], [1, 3]));
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>()).toEqual({
      error: 'OUT_OF_STOCK',
      message: 'Only 2 left of Cedar Slim Phone',
      details: [{ path: 'products.1', message: 'Only 2 left of Cedar Slim Phone' }],
    });
    expect(await stockOf(phone.id)).toBe(2);
    expect(await countOrders(testApp.database.db, buyer().email)).toBe(before);
  });

  it('adds up the quantities of one product on several lines', async () => {
    const product = await productWith(3);
    const [ordered] = await createOrdersRepository(testApp.database.db).findProducts([product.id]);
    const lines = [0, 1].map((position) => pricedLine(ordered!, 2, position));
    const order = {
      name: 'Olive Owner',
      email: 'olive@example.com',
      phone: '+44 20 7946 0958',
      address: '1 High Street, London',
      paymentMethod: 'bkash' as const,
      userEmail: buyer().email,
      totalCents: 0,
      idempotencyKey: null,
      requestDigest: null,
      commissionBasisPoints: 0,
    };
    const repository = createOrdersRepository(testApp.database.db);
    expect(await repository.placeOrder(order, lines, new Map(), () => [])).toEqual({
      outcome: 'short',
      productId: product.id,
      left: 3,
    });
    expect(await stockOf(product.id)).toBe(3);
    const placed = await repository.placeOrder(order, lines.slice(0, 1), new Map(), () => []);
    expect(placed.outcome).toBe('placed');
    expect(await stockOf(product.id)).toBe(1);
  });
});

describe('an Idempotency-Key', () => {
  it('takes stock once for a retried order, and answers the retry even once the order took the last units', async () => {
    const product = await productWith(2);
    const body = orderBody([product.id], [2]);
    const first = await placeOrder(testApp.app, buyer(), body, 'stock-retry');
    const retry = await placeOrder(testApp.app, buyer(), body, 'stock-retry');
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<Order>()._id).toBe(first.json<Order>()._id);
    expect(await stockOf(product.id)).toBe(0);
  });

  it('takes stock once when the same submission arrives many times at once', async () => {
    const product = await productWith(10);
    const body = orderBody([product.id], [3]);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(testApp.app, buyer(), body, 'stock-burst')),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(responses.map((response) => response.json<Order>()._id)).size).toBe(1);
    expect(await stockOf(product.id)).toBe(7);
  });
});

describe('cancelling an order', () => {
  async function orderOf(productId: string, quantity: number) {
    const response = await placeOrder(testApp.app, buyer(), orderBody([productId], [quantity]));
    expect(response.statusCode, response.body).toBe(201);
    return OrderSchema.parse(response.json());
  }

  it('puts its units back once when the buyer and an admin cancel it at the same moment', async () => {
    const product = await productWith(5);
    const order = await orderOf(product.id, 4);
    expect(await stockOf(product.id)).toBe(1);
    const answers = await Promise.all([
      changeStatus(testApp.app, buyer(), order._id, 'cancelled'),
      changeStatus(testApp.app, admin, order._id, 'cancelled'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(product.id)).toBe(5);
  });

  it('puts back nothing the order did not take, nor into a product no longer tracked', async () => {
    const product = await productWith(null);
    const whileUntracked = await orderOf(product.id, 2);
    await setStock(product.id, 4);
    const whileTracked = await orderOf(product.id, 1);
    expect(await stockOf(product.id)).toBe(3);
    expect((await changeStatus(testApp.app, buyer(), whileUntracked._id, 'cancelled')).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(3);
    await setStock(product.id, null);
    expect((await changeStatus(testApp.app, buyer(), whileTracked._id, 'cancelled')).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBeNull();
  });

  it('leaves stock alone when an order is shipped or delivered', async () => {
    const product = await productWith(5);
    const order = await orderOf(product.id, 2);
    expect((await changeStatus(testApp.app, admin, order._id, 'shipped')).statusCode).toBe(200);
    expect((await changeStatus(testApp.app, admin, order._id, 'delivered')).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(3);
  });

  // PostgreSQL only: PGlite runs one statement at a time, so nothing there waits for a lock.
  it.runIf(testEngine === 'postgres')(
    'and placing one for the same products at once both succeed, when a product it took from is no longer counted',
    async () => {
      const [low, high] = [await productWith(10), await productWith(10)].sort((a, b) =>
        a.id < b.id ? -1 : 1,
      );
      const taking = await placeOrder(testApp.app, buyer(), orderBody([low!.id, high!.id]));
      expect(taking.statusCode, taking.body).toBe(201);
      expect((await setStock(low!.id, null)).statusCode).toBe(200);
      // Another transaction holds the first product: the cancellation (which locks its products in id order) waits
      // for it holding none, then the order waits for it holding the second, which it counts. Once it is let go,
      // each must get what it waits for without waiting for the other.
      let letGo = () => {};
      let holding = () => {};
      const isHeld = new Promise<void>((resolve) => (holding = resolve));
      const holder = testApp.database.db.transaction(async (tx) => {
        await tx.select({ id: products.id }).from(products).where(eq(products.id, low!.id)).for('update');
        await new Promise<void>((release) => {
          letGo = release;
          holding();
        });
      });
      await isHeld;
      const cancelling = changeStatus(
        testApp.app,
        buyer(),
        OrderSchema.parse(taking.json())._id,
        'cancelled',
      );
      await waitersAre(1);
      const ordering = placeOrder(testApp.app, buyers[1]!, orderBody([low!.id, high!.id]));
      await waitersAre(2);
      letGo();
      await holder;
      const [cancelled, placed] = await Promise.all([cancelling, ordering]);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(placed.statusCode, placed.body).toBe(201);
      expect(await stockOf(high!.id)).toBe(9);
      expect(await stockOf(low!.id)).toBeNull();
    },
  );
});

const PRODUCTS = 3;

const orderArbitrary = fc.record({
  kind: fc.constant('order' as const),
  lines: fc.uniqueArray(
    fc.record({ product: fc.nat(PRODUCTS - 1), quantity: fc.integer({ min: 1, max: 3 }) }),
    { selector: (line) => line.product, minLength: 1, maxLength: PRODUCTS },
  ),
});
const cancelArbitrary = fc.record({ kind: fc.constant('cancel' as const), order: fc.nat() });
/** Requests sent together; their effects interleave however the server runs them. */
const batchArbitrary = fc.array(fc.oneof(orderArbitrary, orderArbitrary, cancelArbitrary), {
  minLength: 1,
  maxLength: 8,
});
const stockValue = fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constant(null));
/** The seller sets every product's stock, then orders and cancellations race in batches. */
const epochArbitrary = fc.record({
  stock: fc.array(stockValue, { minLength: PRODUCTS, maxLength: PRODUCTS }),
  batches: fc.array(batchArbitrary, { minLength: 1, maxLength: 3 }),
});

describe('any interleaving of orders, cancellations and stock edits', () => {
  it('never makes stock negative, and stock is what the seller set less what orders took plus what cancels put back', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(epochArbitrary, { minLength: 1, maxLength: 3 }), async (epochs) => {
        const rows = await insertProducts(
          testApp.database.db,
          Array.from({ length: PRODUCTS }, () => productRow()),
        );
        const ids = rows.map((row) => row.id);
        /** Each placed order, with the units each of its lines took from stock. */
        const placed: { id: string; took: Map<number, number> }[] = [];
        for (const epoch of epochs) {
          for (const [product, stock] of epoch.stock.entries()) {
            expect((await setStock(ids[product]!, stock)).statusCode).toBe(200);
          }
          const expected = [...epoch.stock];
          for (const batch of epoch.batches) {
            const known = [...placed];
            const restored = expected.map(() => 0);
            const refusals: { product: number; quantity: number }[] = [];
            await Promise.all(
              batch.map(async (operation) => {
                if (operation.kind === 'order') {
                  const body = orderBody(
                    operation.lines.map((line) => ids[line.product]!),
                    operation.lines.map((line) => line.quantity),
                  );
                  const response = await placeOrder(testApp.app, buyer(), body);
                  if (response.statusCode === 409) {
                    const refusal = response.json<ApiError>();
                    expect(refusal.error).toBe('OUT_OF_STOCK');
                    const position = Number(refusal.details?.[0]?.path.split('.')[1]);
                    refusals.push(operation.lines[position]!);
                    return;
                  }
                  expect(response.statusCode, response.body).toBe(201);
                  const took = new Map<number, number>();
                  for (const { product, quantity } of operation.lines) {
                    const left = expected[product];
                    if (left === null || left === undefined) continue;
                    expected[product] = left - quantity;
                    took.set(product, quantity);
                  }
                  placed.push({ id: response.json<Order>()._id, took });
                  return;
                }
                const order = known[operation.order % Math.max(known.length, 1)];
                if (!order) return;
                const response = await changeStatus(testApp.app, buyer(), order.id, 'cancelled');
                if (response.statusCode === 409) return;
                expect(response.statusCode, response.body).toBe(200);
                for (const [product, quantity] of order.took) {
                  const left = expected[product];
                  if (left === null || left === undefined) continue;
                  expected[product] = left + quantity;
                  restored[product]! += quantity;
                }
              }),
            );
            const stored = await testApp.database.db
              .select({ id: products.id, stock: products.stock })
              .from(products)
              .where(inArray(products.id, ids));
            const stockById = new Map(stored.map((row) => [row.id, row.stock]));
            expect(ids.map((id) => stockById.get(id))).toEqual(expected);
            for (const stock of expected) expect(stock === null || stock >= 0).toBe(true);
            // A refusal saw fewer units than it asked for; since then stock only fell, but for what cancels put back.
            for (const { product, quantity } of refusals) {
              expect(expected[product]).not.toBeNull();
              expect(expected[product]!).toBeLessThan(quantity + restored[product]!);
            }
          }
        }
      }),
      { numRuns: 15 },
    );
  });
});
