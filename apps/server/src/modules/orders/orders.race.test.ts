import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OrderCreateSchema } from '@bazaar/shared/orders';
import type { DatabaseHandle } from '../../db/client.ts';
import { orders, products } from '../../db/schema.ts';
import { AppError } from '../../errors/app-error.ts';
import { shopImageUrls } from '../../images/image-urls.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { TEST_PUBLIC_URL } from '../../test/test-app.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { orderBody } from '../../test/order-fixtures.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { createOrdersService } from './orders.service.ts';
import { parseEnv } from '../../config/env.ts';
import { createPayments } from '../payments/payments.module.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.close());

const buyer = { id: 'buyer', email: 'race@bazaar.test', name: 'Race', isAdmin: false, sessionToken: '' };

describe('a product deleted while its order is placed', () => {
  it('is refused as deleted (400), leaving no order, when the delete lands between pricing and insert', async () => {
    const [product] = await insertProducts(database.db, [productRow()]);
    if (!product) throw new Error('no product');
    const repository = createOrdersRepository(database.db);
    // The seller's delete lands after the order was priced: the engine's foreign key refuses the lines.
    let deletes = 0;
    const racing = {
      ...repository,
      async placeOrder(...args: Parameters<typeof repository.placeOrder>) {
        if (deletes++ === 0) await database.db.delete(products).where(eq(products.id, product.id));
        return repository.placeOrder(...args);
      },
    };
    const payments = createPayments({ database, env: parseEnv({}) }).forOrders;
    const service = createOrdersService(racing, payments, shopImageUrls('http://shop.test'), TEST_PUBLIC_URL);

    const placing = service.create(buyer, OrderCreateSchema.parse(orderBody([product.id])), 'race-key');
    await expect(placing).rejects.toBeInstanceOf(AppError);
    await expect(placing).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'products.0' }],
    });
    expect(deletes).toBe(1);
    expect(await database.db.select().from(orders).where(eq(orders.userEmail, buyer.email))).toEqual([]);
  });
});
