import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { OrderCreatedSchema, OrderSchema, QUANTITY_MAX } from '@bazaar/shared/orders';
import { centsToDollars, lineTotalCents } from '@bazaar/shared/pricing';
import { products } from '../../db/schema.ts';
import { asBearer, signUp, type TestAccount } from '../../test/accounts.ts';
import { FIXTURE_SELLER, insertProducts, productRow } from '../../test/product-fixtures.ts';
import { useTestApp, TEST_PUBLIC_URL } from '../../test/test-app.ts';
import { orderBody, placeOrder } from '../../test/order-fixtures.ts';

const RUNS = 30;

const testApp = useTestApp();
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
        const expectedTotal = expectedLines.reduce((sum, cents) => sum + cents, 0);
        const body = orderBody(
          rows.map((row) => row.id),
          lines.map((line) => line.quantity),
        );
        const response = await placeOrder(testApp.app, buyer, body);

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
            status: 'processing',
            seller: { handle: FIXTURE_SELLER.handle, name: FIXTURE_SELLER.name },
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
      }),
      { numRuns: RUNS },
    );
  });
});
