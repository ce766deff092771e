import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { OrderCreatedSchema, OrderSchema, QUANTITY_MAX } from '@bazaar/shared/orders';
import { centsToDollars, lineTotalCents } from '@bazaar/shared/pricing';
import type { DatabaseHandle } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { asBearer, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app.ts';
import { orderBody, placeOrder } from '../../test/order-fixtures.ts';

const RUNS = 30;

let testApp: TestApp;
let database: DatabaseHandle;
let app: FastifyInstance;
let buyer: TestAccount;

beforeAll(async () => {
  testApp = await createTestApp();
  ({ app, database } = testApp);
  buyer = await signUp(app, 'pricing@bazaar.test');
});

afterAll(() => testApp.close());

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
          database.db,
          lines.map(({ priceCents, discount }) => productRow({ priceCents, discount })),
        );
        const expectedLines = lines.map((line) =>
          lineTotalCents(line.priceCents, line.discount, line.quantity),
        );
        const expectedTotal = expectedLines.reduce((sum, cents) => sum + cents, 0);
        const body = orderBody(
          rows.map((row) => row.id),
          lines.map((line) => line.quantity),
        );
        const response = await placeOrder(app, buyer, body);

        expect(response.statusCode).toBe(201);
        const { insertedId, ...order } = OrderCreatedSchema.parse(response.json());
        expect(order.totalPrice).toBe(centsToDollars(expectedTotal));
        expect(order.products).toEqual(
          lines.map((line, i) => ({
            _id: rows[i]!.id,
            name: rows[i]!.name,
            price: centsToDollars(line.priceCents),
            discount: line.discount,
            mainImage: { url: TEST_PUBLIC_URL + rows[i]!.mainImageUrl, alt: rows[i]!.name },
            quantity: line.quantity,
            lineTotal: centsToDollars(expectedLines[i]!),
          })),
        );

        // Repricing the products afterwards leaves the stored order as it was.
        for (const row of rows) {
          await database.db
            .update(products)
            .set({
              priceCents: row.priceCents > 0 ? row.priceCents - 1 : 1,
              discount: (row.discount + 7) % 101,
            })
            .where(eq(products.id, row.id));
        }
        const listed = await app.inject({
          method: 'GET',
          url: `/api/orders/${buyer.email}?limit=1`,
          headers: asBearer(buyer),
        });
        const [stored] = OrderSchema.array().parse(listed.json());
        expect(stored).toEqual({ ...order, _id: insertedId });
      }),
      { numRuns: RUNS },
    );
  });
});
