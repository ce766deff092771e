import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type { ApiError } from '@bazaar/shared/errors';
import { OrderCreatedSchema, OrderSchema, QUANTITY_MAX, type Order } from '@bazaar/shared/orders';
import { centsToDollars, lineTotalCents } from '@bazaar/shared/pricing';
import { pricedLine, type lineCopies, type lineSeller, type lineSellerTerms } from '../../db/order-line.ts';
import { products, users } from '../../db/schema.ts';
import { asBearer, signUp, type TestAccount } from '../../test/accounts.ts';
import { FIXTURE_SELLER, insertProducts, productRow } from '../../test/product-fixtures.ts';
import { useTestApp, TEST_PUBLIC_URL } from '../../test/test-app.ts';
import { countOrders, NOT_SHIPPED, orderBody, placeOrder } from '../../test/order-fixtures.ts';
import { mailCount } from '../../test/outbox.ts';
import { orderPlacedMails } from '../mail/mail.module.ts';
import { createOrdersRepository } from './orders.repository.ts';

const RUNS = 30;

// Each product is ordered twice, up to QUANTITY_MAX each time: the hold limit (orders.limits.test.ts) is not tested here.
const testApp = useTestApp({ UNITS_HELD_PER_PRODUCT: String(2 * QUANTITY_MAX) });
let buyer: TestAccount;

beforeAll(async () => {
  buyer = await signUp(testApp.app, 'pricing@bazaar.test');
});

const lineArbitrary = fc.record({
  priceCents: fc.integer({ min: 0, max: 100_000_000 }),
  discount: fc.integer({ min: 0, max: 100 }),
  quantity: fc.integer({ min: 1, max: QUANTITY_MAX }),
});

describe('order pricing', () => {
  it(`prices every order with the shared pricing module and keeps the prices of order time (${RUNS} generated orders)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(lineArbitrary, { minLength: 1, maxLength: 4 }), async (lines) => {
        const rows = await insertProducts(
          testApp.database.db,
          lines.map(({ priceCents, discount }) => productRow({ priceCents, discount })),
        );
        const expectedLines = lines.map((line) =>
          lineTotalCents(line.priceCents, line.discount, line.quantity),
        );
        const expectedGoods = expectedLines.reduce((sum, cents) => sum + cents, 0);
        // The fixture seller's terms: $10.00 a part, never free.
        const expectedTotal = expectedGoods + 1000;
        const body = orderBody(
          rows.map((row) => row.id),
          lines.map((line) => line.quantity),
        );
        const response = await placeOrder(testApp.app, buyer, body);

        expect(response.statusCode).toBe(201);
        const { insertedId, ...order } = OrderCreatedSchema.parse(response.json());
        expect(order.subtotal).toBe(centsToDollars(expectedGoods));
        expect(order.totalPrice).toBe(centsToDollars(expectedTotal));
        expect(order.due).toBe(order.totalPrice);
        expect(order.products).toEqual(
          lines.map((line, i) => ({
            _id: rows[i]!.id,
            name: rows[i]!.name,
            price: centsToDollars(line.priceCents),
            discount: line.discount,
            mainImage: { url: TEST_PUBLIC_URL + rows[i]!.mainImageUrl, alt: rows[i]!.name },
            quantity: line.quantity,
            lineTotal: centsToDollars(expectedLines[i]!),
            status: 'processing',
            seller: { handle: FIXTURE_SELLER.handle, name: FIXTURE_SELLER.name },
            cancellation: null,
            ...NOT_SHIPPED,
          })),
        );

        // Repricing the products afterwards leaves the stored order as it was.
        for (const row of rows) {
          await testApp.database.db
            .update(products)
            .set({
              priceCents: row.priceCents > 0 ? row.priceCents - 1 : 1,
              discount: (row.discount + 7) % 101,
            })
            .where(eq(products.id, row.id));
        }
        const listed = await testApp.app.inject({
          method: 'GET',
          url: `/api/orders/${buyer.email}?limit=1`,
          headers: asBearer(buyer),
        });
        const [stored] = OrderSchema.array().parse(listed.json());
        expect(stored).toEqual({ ...order, _id: insertedId });

        // The next order of the same products pays their new prices, though this server priced them before.
        const again = await placeOrder(testApp.app, buyer, body);
        expect(again.statusCode).toBe(201);
        const repriced = OrderCreatedSchema.parse(again.json());
        expect(repriced.products.map((line) => [line.price, line.discount])).toEqual(
          rows.map((row) => [
            centsToDollars(row.priceCents > 0 ? row.priceCents - 1 : 1),
            (row.discount + 7) % 101,
          ]),
        );
      }),
      { numRuns: RUNS },
    );
  });
});

describe('an order of products that changed since the server last priced them', () => {
  const ordered = async (productId: string) => {
    const response = await placeOrder(testApp.app, buyer, orderBody([productId]));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Order>().products[0]!;
  };

  it("copies the product's name and picture and its seller's new name as they are now", async () => {
    const seller = await signUp(testApp.app, 'renamed-seller@bazaar.test');
    const [row] = await insertProducts(testApp.database.db, [productRow({ sellerId: seller.id })]);
    const first = await ordered(row!.id);
    expect(first.seller).toEqual({ handle: seller.handle, name: seller.name });

    await testApp.database.db
      .update(products)
      .set({ name: 'Renamed Lamp', mainImageUrl: '/images/products/renamed-lamp/1.svg' })
      .where(eq(products.id, row!.id));
    await testApp.database.db.update(users).set({ name: 'Renamed Seller' }).where(eq(users.id, seller.id));

    const second = await ordered(row!.id);
    expect(second).toMatchObject({
      name: 'Renamed Lamp',
      mainImage: { url: `${TEST_PUBLIC_URL}/images/products/renamed-lamp/1.svg`, alt: 'Renamed Lamp' },
      seller: { handle: seller.handle, name: 'Renamed Seller' },
    });
  });

  it('refuses a product deleted since, and places nothing', async () => {
    const [row] = await insertProducts(testApp.database.db, [productRow()]);
    await ordered(row!.id);
    await testApp.database.db.delete(products).where(eq(products.id, row!.id));
    const before = await countOrders(testApp.database.db, buyer.email);

    const response = await placeOrder(testApp.app, buyer, orderBody([row!.id]));
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toBe(`Unknown or deleted products: ${row!.id}`);
    expect(await countOrders(testApp.database.db, buyer.email)).toBe(before);
  });

  it('places each of a burst racing a price change at the price it answers, and every later one at the new price', async () => {
    const [row] = await insertProducts(testApp.database.db, [productRow({ priceCents: 1000 })]);
    await ordered(row!.id);
    const [placed] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => placeOrder(testApp.app, buyer, orderBody([row!.id])))),
      testApp.database.db.update(products).set({ priceCents: 1500 }).where(eq(products.id, row!.id)),
    ]);
    const answered = placed.map((response) => OrderCreatedSchema.parse(response.json()));
    expect(answered.every((order) => order.subtotal === 10 || order.subtotal === 15)).toBe(true);

    const listed = await testApp.app.inject({
      method: 'GET',
      url: `/api/orders/${buyer.email}?limit=21`,
      headers: asBearer(buyer),
    });
    const stored = new Map(
      OrderSchema.array()
        .parse(listed.json())
        .map((order) => [order._id, order]),
    );
    for (const order of answered) expect(stored.get(order.insertedId)?.totalPrice).toBe(order.totalPrice);
    expect((await ordered(row!.id)).price).toBe(15);
  });

  // A change to each column a line copies, of the product or of its seller.
  const changes: Record<
    | keyof typeof lineCopies
    | `seller ${keyof typeof lineSeller}`
    | `seller's ${keyof typeof lineSellerTerms}`,
    (productId: string, seller: TestAccount) => Promise<unknown>
  > = {
    name: (id) =>
      testApp.database.db.update(products).set({ name: 'Changed Lamp' }).where(eq(products.id, id)),
    unitPriceCents: (id) =>
      testApp.database.db.update(products).set({ priceCents: 1900 }).where(eq(products.id, id)),
    discount: (id) => testApp.database.db.update(products).set({ discount: 7 }).where(eq(products.id, id)),
    imageUrl: (id) =>
      testApp.database.db
        .update(products)
        .set({ mainImageUrl: '/images/products/changed-lamp/1.svg' })
        .where(eq(products.id, id)),
    sellerEmail: (_id, seller) =>
      testApp.database.db
        .update(users)
        .set({ email: `moved-${seller.email}` })
        .where(eq(users.id, seller.id)),
    'seller handle': (_id, seller) =>
      testApp.database.db
        .update(users)
        .set({ handle: `${seller.handle}-moved` })
        .where(eq(users.id, seller.id)),
    'seller name': (_id, seller) =>
      testApp.database.db.update(users).set({ name: 'Changed Seller' }).where(eq(users.id, seller.id)),
    "seller's shippingFeeCents": (_id, seller) =>
      testApp.database.db.update(users).set({ shippingFeeCents: 450 }).where(eq(users.id, seller.id)),
    "seller's freeShippingOverCents": (_id, seller) =>
      testApp.database.db.update(users).set({ freeShippingOverCents: 5000 }).where(eq(users.id, seller.id)),
  };

  it.each(Object.entries(changes))(
    'is written not at all when its %s changed, and names the product',
    async (what, change) => {
      const seller = await signUp(testApp.app, `copied-${what.replace(' ', '-')}@bazaar.test`);
      const [row] = await insertProducts(testApp.database.db, [productRow({ sellerId: seller.id })]);
      const repository = createOrdersRepository(testApp.database.db);
      const [product] = await repository.findProducts([row!.id]);
      await change(row!.id, seller);
      const line = pricedLine(product!, 1, 0);
      const before = await countOrders(testApp.database.db, buyer.email);
      const mailsBefore = await mailCount(testApp.database.db, buyer.email, 'order-placed');

      const placement = await repository.placeOrder(
        {
          ...orderBody([]),
          paymentMethod: 'bkash',
          userEmail: buyer.email,
          commissionBasisPoints: 0,
          totalCents: line.lineTotalCents,
          idempotencyKey: null,
          requestDigest: null,
        },
        [line],
        new Map(),
        (order, lines) => orderPlacedMails(TEST_PUBLIC_URL, order, lines, new Map()),
      );
      expect(placement).toEqual({ outcome: 'repriced', productIds: [row!.id] });
      expect(await countOrders(testApp.database.db, buyer.email)).toBe(before);
      expect(await mailCount(testApp.database.db, buyer.email, 'order-placed')).toBe(mailsBefore);
      // The repository read it afresh for the next order.
      const reread = await repository.findProducts([row!.id]);
      expect(reread).not.toEqual([product]);
      expect(reread).toEqual(await repository.findProducts([row!.id], { fresh: true }));
    },
  );
});
