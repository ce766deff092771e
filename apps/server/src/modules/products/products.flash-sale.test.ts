import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiError } from '@bazaar/shared/errors';
import { ProductSchema, type Product } from '@bazaar/shared/products';
import { products } from '../../db/schema.ts';
import { asBearer, signUp, type TestAccount } from '../../test/accounts.ts';
import { useTestApp } from '../../test/test-app.ts';

const testApp = useTestApp();
let seller: TestAccount;

const HOUR = 60 * 60_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

beforeAll(async () => {
  seller = await signUp(testApp.app, 'flash-seller@bazaar.test', 'Fay Flash');
});

async function create(fields: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: asBearer(seller),
    payload: { name: 'Flash kettle', price: 30, ...fields },
  });
}

async function created(fields: Record<string, unknown>): Promise<Product> {
  const response = await create(fields);
  expect(response.statusCode, response.body).toBe(201);
  return ProductSchema.parse(response.json());
}

/** The ids of a list, as a client reads them. */
async function listed(query: string): Promise<string[]> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/products?limit=100&${query}` });
  expect(response.statusCode).toBe(200);
  return response.json<Product[]>().map((product) => product._id);
}

async function read(id: string): Promise<Product> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/products/${id}` });
  return ProductSchema.parse(response.json());
}

describe('a flash sale with an end', () => {
  it('carries the end the seller set, on the product and in the flash-sale list', async () => {
    const end = inHours(30);
    const product = await created({ flash_sale: true, flashSaleEndsAt: end });
    expect(product).toMatchObject({ flash_sale: true, flashSaleEndsAt: end });
    expect(await read(product._id)).toMatchObject({ flash_sale: true, flashSaleEndsAt: end });
    expect(await listed('flash_sale=true')).toContain(product._id);
  });

  it('runs a day when ticked without an end, and has none without a flash sale', async () => {
    const ticked = await created({ flash_sale: true });
    const hoursLeft = (Date.parse(ticked.flashSaleEndsAt ?? '') - Date.now()) / HOUR;
    expect(hoursLeft).toBeGreaterThan(23);
    expect(hoursLeft).toBeLessThanOrEqual(24);
    expect(await created({ flash_sale: false })).toMatchObject({ flash_sale: false, flashSaleEndsAt: null });
  });

  it('refuses an end in the past, too far ahead, or without a flash sale, in words a seller reads', async () => {
    const refusals = [
      [{ flash_sale: true, flashSaleEndsAt: inHours(-1) }, 'The flash sale must end in the future'],
      [{ flash_sale: true, flashSaleEndsAt: inHours(24 * 31) }, 'A flash sale lasts at most 30 days'],
      [{ flash_sale: true, flashSaleEndsAt: 'tomorrow' }, 'Give the end as a date and time'],
      [{ flashSaleEndsAt: inHours(2) }, 'Tick Flash sale to give it an end'],
    ] as const;
    for (const [fields, message] of refusals) {
      const response = await create(fields);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().details).toEqual([{ path: 'flashSaleEndsAt', message }]);
    }
  });

  it('keeps a running end when the product is saved again as it was read', async () => {
    const end = inHours(5);
    const product = await created({ flash_sale: true, flashSaleEndsAt: end });
    const { flashSaleEndsAt, ...echoed } = product;
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/products/${product._id}`,
      headers: asBearer(seller),
      payload: { ...echoed, price: 31 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(ProductSchema.parse(response.json())).toMatchObject({ price: 31, flashSaleEndsAt: end });
  });
});

describe('a flash sale whose end passed', () => {
  it('leaves the flash-sale list and search, and the product says it is in none', async () => {
    const product = await created({
      name: 'Ended zebra kettle',
      flash_sale: true,
      flashSaleEndsAt: inHours(1),
    });
    await testApp.database.db
      .update(products)
      .set({ flashSaleEndsAt: new Date(Date.now() - HOUR) })
      .where(eq(products.id, product._id));
    expect(await listed('flash_sale=true')).not.toContain(product._id);
    expect(await listed('flash_sale=true&q=zebra')).not.toContain(product._id);
    expect(await listed('flash_sale=false&q=zebra')).toContain(product._id);
    expect(await read(product._id)).toMatchObject({ flash_sale: false, flashSaleEndsAt: null });
  });

  it('leaves the cached answers when the time comes, without any write', async () => {
    const product = await created({ flash_sale: true, flashSaleEndsAt: inHours(0.0008) });
    // Read at once, the lists and the product are kept in the catalog cache.
    expect(await listed('flash_sale=true')).toContain(product._id);
    expect((await read(product._id)).flash_sale).toBe(true);
    await vi.waitFor(async () => expect(await listed('flash_sale=true')).not.toContain(product._id), {
      timeout: 15_000,
      interval: 200,
    });
    expect(await read(product._id)).toMatchObject({ flash_sale: false, flashSaleEndsAt: null });
  });
});
