import { beforeAll, describe, expect, it } from 'vitest';
import { ProductSchema, type Product } from '@bazaar/shared/products';
import { FIXTURE_SELLER, insertProducts, productRow } from '../../test/product-fixtures.ts';
import { useTestApp, TEST_PUBLIC_URL } from '../../test/test-app.ts';

const testApp = useTestApp();

// 30 products: every third a flash sale; names and categories chosen for the filters below.
const rows = Array.from({ length: 30 }, (_, i) =>
  productRow({
    name: i === 0 ? 'Aurora WIRELESS Headphones' : i === 1 ? '50% Cotton Shirt' : `Plain item ${i}`,
    flashSale: i % 3 === 0,
    categories: i < 5 ? ['kitchen'] : i < 10 ? ['home', 'decor'] : ['phones'],
    priceCents: 1999 + i,
    discount: i % 4 === 0 ? 15 : 0,
    brand: i === 2 ? null : 'Brand',
    estimatedDelivery: i === 2 ? null : 'Next day',
    imageUrls: ['/images/products/x/2.svg'],
  }),
);
let newestFirst: string[];

beforeAll(async () => {
  const inserted = await insertProducts(testApp.database.db, rows);
  newestFirst = inserted.map((row) => row.id).reverse();
});

async function list(query: string) {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/products${query}` });
  return { response, body: response.json<Product[]>(), total: Number(response.headers['x-total-count']) };
}

describe('GET /api/products', () => {
  it('answers the newest 24 products with the total in X-Total-Count', async () => {
    const { response, body, total } = await list('');
    expect(response.statusCode).toBe(200);
    expect(total).toBe(30);
    expect(body.map((product) => product._id)).toEqual(newestFirst.slice(0, 24));
  });

  it('uses the spec field names, dollars for prices and the name as image alt', async () => {
    const { body } = await list('?q=aurora');
    expect(body).toHaveLength(1);
    const product = ProductSchema.parse(body[0]);
    expect(product).toMatchObject({
      name: 'Aurora WIRELESS Headphones',
      price: 19.99,
      discount: 15,
      flash_sale: true,
      reviews_count: 10,
      addedBy: FIXTURE_SELLER.handle,
      seller: { handle: FIXTURE_SELLER.handle, name: FIXTURE_SELLER.name },
      mainImage: { alt: 'Aurora WIRELESS Headphones' },
      images: [{ url: `${TEST_PUBLIC_URL}/images/products/x/2.svg`, alt: 'Aurora WIRELESS Headphones' }],
      shipping_details: { estimated_delivery: 'Next day' },
    });
  });

  it('gives null brand and delivery when a product has none', async () => {
    const { body } = await list('?q=Plain item 2&sort=server&limit=1');
    expect(body[0]).toMatchObject({
      name: 'Plain item 2',
      brand: null,
      shipping_details: { estimated_delivery: null },
    });
  });

  it('pages with limit and offset without gaps or overlaps', async () => {
    const pages = await Promise.all([0, 10, 20].map((offset) => list(`?limit=10&offset=${offset}`)));
    expect(pages.flatMap((page) => page.body.map((product) => product._id))).toEqual(newestFirst);
    const beyond = await list('?offset=40');
    expect(beyond.body).toEqual([]);
    expect(beyond.total).toBe(30);
  });

  it('sorts in server order (oldest first) on request', async () => {
    const { body } = await list('?sort=server&limit=100');
    expect(body.map((product) => product._id)).toEqual([...newestFirst].reverse());
  });

  it('returns a random sample of distinct products for sort=random', async () => {
    const { body, total } = await list('?sort=random&limit=12');
    expect(body).toHaveLength(12);
    expect(new Set(body.map((product) => product._id)).size).toBe(12);
    expect(total).toBe(30);
    const all = await list('?sort=random&limit=100');
    expect(new Set(all.body.map((product) => product._id))).toEqual(new Set(newestFirst));
  });

  it('searches names case-insensitively', async () => {
    const { body, total } = await list('?q=wireless');
    expect(total).toBe(1);
    expect(body[0]?.name).toBe('Aurora WIRELESS Headphones');
    expect((await list('?q=PLAIN ITEM')).total).toBe(28);
  });

  it('treats LIKE wildcards in the search text as plain characters', async () => {
    expect((await list('?q=50%25')).body.map((product) => product.name)).toEqual(['50% Cotton Shirt']);
    expect((await list('?q=_')).total).toBe(0);
  });

  it('matches a category route value containing any of a product category', async () => {
    const homeAndKitchen = await list(`?category=${encodeURIComponent('Home & Kitchen')}&limit=100`);
    expect(homeAndKitchen.total).toBe(10);
    expect(
      homeAndKitchen.body.every((product) => product.categories.some((c) => ['home', 'kitchen'].includes(c))),
    ).toBe(true);
    expect((await list('?category=Smart%20Phones')).total).toBe(20);
    expect((await list('?category=garden')).total).toBe(0);
  });

  it('filters flash-sale products, alone or combined with other filters', async () => {
    const flash = await list('?flash_sale=true&limit=100');
    expect(flash.total).toBe(10);
    expect(flash.body.every((product) => product.flash_sale)).toBe(true);
    expect((await list('?flash_sale=false')).total).toBe(20);
    expect((await list('?flash_sale=true&category=kitchen')).total).toBe(2);
  });

  it('treats an empty search as no search', async () => {
    expect((await list('?q=&category=')).total).toBe(30);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=2.5', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=10001', 'offset'],
    ['sort=cheapest', 'sort'],
    ['flash_sale=yes', 'flash_sale'],
    [`q=${'x'.repeat(101)}`, 'q'],
    ['colour=red', 'colour'],
    ['seller=Not%20a%20handle', 'seller'],
  ])('rejects %s with a 400 naming the parameter', async (query, parameter) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/products?${query}` });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; message: string; details: { path: string }[] }>();
    expect(body.error).toBe('VALIDATION_ERROR');
    expect(body.message).toContain(parameter);
    expect(body.details.length).toBeGreaterThan(0);
  });
});

describe('GET /api/products/:id', () => {
  it('answers one product', async () => {
    const id = newestFirst[3];
    const response = await testApp.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json<Product>()._id).toBe(id);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-an-id'],
    ['a Mongo-style id', '65a1f0c2e4b0a1b2c3d4e5f6'],
  ])('answers 404 JSON for %s', async (_, id) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Product not found' });
  });
});
