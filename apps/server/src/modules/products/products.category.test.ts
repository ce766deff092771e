import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@bazaar/shared/products';
import { asBearer, signUp, type TestAccount } from '../../test/accounts.ts';
import { useTestApp } from '../../test/test-app.ts';

const testApp = useTestApp();
let seller: TestAccount;

beforeAll(async () => {
  seller = await signUp(testApp.app, 'category-seller@bazaar.test');
});

async function categoryPage(category: string) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/products?category=${encodeURIComponent(category)}&limit=100`,
  });
  return {
    status: response.statusCode,
    names: response.statusCode === 200 ? response.json<Product[]>().map((product) => product.name) : [],
    total: response.headers['x-total-count'],
  };
}

async function write(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: asBearer(seller),
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<Product>();
}

const randomText = (length: number) =>
  Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

describe('GET /api/products?category=', () => {
  it('finds the categories that product writes add, and stops finding those they take away', async () => {
    const lamp = await write('POST', '/api/products', {
      name: 'Reading Lamp',
      price: 30,
      categories: ['Desk Lighting', 'gifts'],
    });
    expect(await categoryPage('Desk Lighting & Lamps')).toMatchObject({
      names: ['Reading Lamp'],
      total: '1',
    });

    await write('PATCH', `/api/products/${lamp._id}`, { categories: ['garden'] });
    expect(await categoryPage('desk lighting')).toMatchObject({ names: [], total: '0' });
    expect(await categoryPage('Garden & Outdoor')).toMatchObject({ names: ['Reading Lamp'], total: '1' });

    await write('DELETE', `/api/products/${lamp._id}`);
    expect(await categoryPage('garden')).toMatchObject({ names: [], total: '0' });
  });

  it('finds the categories of products inserted in bulk outside the API', async () => {
    await testApp.database.db.execute(sql`
      insert into products (name, price_cents, main_image_url, seller_id, categories)
      select 'Bulk ' || i, 100, '/images/products/bulk/1.svg', ${seller.id}, array['bulk-' || i]
      from generate_series(1, 3) as i`);
    expect(await categoryPage('bulk-2 and more')).toMatchObject({ names: ['Bulk 2'], total: '1' });
  });

  it('answers a category no product ever had without reading the products', async () => {
    await write('POST', '/api/products', { name: 'Teapot', price: 20, categories: ['kitchen'] });
    // After a write the catalog cache asks once when its next flash sale ends, which reads the products.
    await categoryPage(randomText(100));
    // With the products table out of reach, only an answer that never reads it can succeed.
    await testApp.database.db.execute(sql`alter table products rename to products_out_of_reach`);
    try {
      for (let i = 0; i < 5; i++) {
        expect(await categoryPage(randomText(100))).toEqual({ status: 200, names: [], total: '0' });
      }
      expect((await categoryPage('kitchen & dining')).status).toBe(500);
    } finally {
      await testApp.database.db.execute(sql`alter table products_out_of_reach rename to products`);
    }
    expect(await categoryPage('kitchen & dining')).toMatchObject({ names: ['Teapot'], total: '1' });
  });
});

describe('what an update brings to the known tags and words', () => {
  const searchNames = async (q: string) =>
    (await testApp.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(q)}` }))
      .json<Product[]>()
      .map((product) => product.name);

  it('finds a product by its new category and by a typo of a word its new name brings', async () => {
    const word = randomText(8);
    const typo = `${word.slice(0, 3)}${word[3] === 'q' ? 'x' : 'q'}${word.slice(4)}`;
    const item = await write('POST', '/api/products', { name: 'Plain Item', price: 5, categories: ['misc'] });
    expect(await searchNames(typo)).toEqual([]);

    await write('PATCH', `/api/products/${item._id}`, {
      name: `Plain ${word}`,
      categories: [`${word}-shelf`],
    });
    expect(await categoryPage(`${word}-shelf`)).toMatchObject({ names: [`Plain ${word}`], total: '1' });
    expect(await searchNames(typo)).toEqual([`Plain ${word}`]);
  });

  it('finds the categories an update of many products outside the API brings', async () => {
    const tag = randomText(10);
    await write('POST', '/api/products', { name: 'Moved One', price: 5, categories: ['misc'] });
    await write('POST', '/api/products', { name: 'Moved Two', price: 5, categories: ['misc'] });
    await testApp.database.db.execute(sql`
      update products set categories = categories || array[${tag} || '-' || lower(right(name, 3))]
      where name like 'Moved %'`);
    expect(await categoryPage(`${tag}-one`)).toMatchObject({ names: ['Moved One'], total: '1' });
    expect(await categoryPage(`${tag}-two`)).toMatchObject({ names: ['Moved Two'], total: '1' });
  });
});
