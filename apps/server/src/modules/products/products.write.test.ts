import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '@bazaar/shared/products';
import { asBearer, asCookie, signUp, signUpCast, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, useTestApp, TEST_PUBLIC_URL } from '../../test/test-app.ts';

const testApp = useTestApp();
let cast: Awaited<ReturnType<typeof signUpCast>>;

const validProduct = {
  name: 'Aurora Lamp',
  price: 49.99,
  description: 'A warm desk lamp.',
  discount: 10,
  brand: 'Lumen',
  ratings: 4.5,
  reviews_count: 12,
  flash_sale: true,
  mainImage: { url: 'https://images.example/lamp.png', alt: 'ignored' },
  images: ['https://images.example/lamp-2.png', { url: 'https://images.example/lamp-3.png', alt: 'x' }],
  features: ['  dimmable ', '', 'USB-C'],
  colors: ['Amber'],
  categories: ['Home', ' lighting', 'home'],
  shipping_details: { estimated_delivery: '3-5 business days' },
};

beforeAll(async () => {
  cast = await signUpCast(testApp, 'products');
});

function send(
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  return testApp.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

const create = (account: TestAccount, payload: object = validProduct) =>
  send('POST', '/api/products', asBearer(account), payload);

async function read(id: string) {
  return testApp.app.inject({ method: 'GET', url: `/api/products/${id}` });
}

describe('POST /api/products', () => {
  it('adds the product for the signed-in seller, shown by handle and name, whatever seller the body claims', async () => {
    const claimed = { addedBy: cast.stranger.handle, seller: { handle: cast.stranger.handle, name: 'x' } };
    const response = await create(cast.owner, { ...validProduct, ...claimed, _id: 'x' });
    expect(response.statusCode).toBe(201);
    const product = response.json<Product>();
    expect(product).toMatchObject({
      name: 'Aurora Lamp',
      price: 49.99,
      discount: 10,
      flash_sale: true,
      addedBy: 'olive-owner',
      seller: { handle: 'olive-owner', name: 'Olive Owner' },
      mainImage: { url: 'https://images.example/lamp.png', alt: 'Aurora Lamp' },
      images: [
        { url: 'https://images.example/lamp-2.png', alt: 'Aurora Lamp' },
        { url: 'https://images.example/lamp-3.png', alt: 'Aurora Lamp' },
      ],
      features: ['dimmable', 'USB-C'],
      categories: ['home', 'lighting'],
      shipping_details: { estimated_delivery: '3-5 business days' },
    });
    expect((await read(product._id)).json()).toEqual(product);
    const newest = await testApp.app.inject({ method: 'GET', url: '/api/products?limit=1' });
    expect(newest.json<Product[]>()[0]?._id).toBe(product._id);
  });

  it('needs only a name and a price, and draws a picture when none is given', async () => {
    const response = await create(cast.owner, { name: 'Plain Mug', price: 5 });
    expect(response.statusCode).toBe(201);
    expect(response.json<Product>()).toMatchObject({
      brand: null,
      discount: 0,
      flash_sale: false,
      mainImage: { url: `${TEST_PUBLIC_URL}/images/products/plain-mug/1.svg` },
      shipping_details: { estimated_delivery: null },
    });
  });

  it("takes the shop's own pictures back as it sent them, and stores them so that a moved shop still shows them", async () => {
    const own = (slug: string) => `${TEST_PUBLIC_URL}/images/products/${slug}/1.svg`;
    const created = await create(cast.owner, {
      name: 'Echoed Mug',
      price: 5,
      mainImage: { url: own('echoed-mug'), alt: 'Echoed Mug' },
      images: [own('echoed-mug-side'), 'https://images.example/mug.png'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json<Product>();
    // A client that sends back the product it read, as the edit form does, changes nothing.
    const echoed = await send('PATCH', `/api/products/${product._id}`, asBearer(cast.owner), product);
    expect(echoed.json<Product>()).toEqual(product);
    expect(product.mainImage.url).toBe(own('echoed-mug'));
    expect(product.images.map((image) => image.url)).toEqual([
      own('echoed-mug-side'),
      'https://images.example/mug.png',
    ]);

    const moved = await createTestApp(
      { PUBLIC_URL: 'https://moved.example' },
      { database: testApp.database },
    );
    try {
      const read = await moved.app.inject({ method: 'GET', url: `/api/products/${product._id}` });
      expect(read.json<Product>()).toMatchObject({
        mainImage: { url: 'https://moved.example/images/products/echoed-mug/1.svg' },
        images: [
          { url: 'https://moved.example/images/products/echoed-mug-side/1.svg' },
          { url: 'https://images.example/mug.png' },
        ],
      });
    } finally {
      await moved.app.close();
    }
  });

  it('works with the session cookie as well as the bearer token', async () => {
    const response = await send('POST', '/api/products', asCookie(cast.owner), validProduct);
    expect(response.statusCode).toBe(201);
  });

  it('refuses anonymous callers with 401, before looking at the body', async () => {
    for (const payload of [validProduct, { nonsense: true }]) {
      const response = await send('POST', '/api/products', {}, payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    }
  });

  it('refuses a cookie-borne write from another site', async () => {
    const response = await send(
      'POST',
      '/api/products',
      { cookie: cast.owner.cookie, origin: 'https://evil.example' },
      validProduct,
    );
    expect(response.statusCode).toBe(403);
  });

  it('refuses a forged or expired token', async () => {
    const response = await send(
      'POST',
      '/api/products',
      { authorization: 'Bearer forged-token' },
      validProduct,
    );
    expect(response.statusCode).toBe(401);
  });

  it('takes numbers as the text a form sends, and empty text as not given', async () => {
    const response = await create(cast.owner, {
      ...validProduct,
      price: '12.50',
      discount: '',
      stock: '7',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Product>()).toMatchObject({
      price: 12.5,
      discount: 0,
      stock: 7,
    });
  });

  it.each<[string, object]>([
    ['as the spec client sends them', { ratings: 4.5, reviews_count: 12 }],
    ['as text', { ratings: '4.5', reviews_count: '7' }],
    ['out of range', { ratings: 5.1, reviews_count: -1 }],
    ['as words', { ratings: 'five', reviews_count: 'twelve' }],
  ])('ignores ratings and reviews_count sent %s: they come from buyers’ reviews', async (_, figures) => {
    const response = await create(cast.owner, { ...validProduct, ...figures });
    expect(response.statusCode, response.body).toBe(201);
    const product = response.json<Product>();
    expect(product).toMatchObject({ ratings: 0, reviews_count: 0 });
    const patched = await send('PATCH', `/api/products/${product._id}`, asBearer(cast.owner), {
      ...figures,
      name: 'Renamed',
    });
    expect(patched.json<Product>()).toMatchObject({ name: 'Renamed', ratings: 0, reviews_count: 0 });
    const onlyFigures = await send('PATCH', `/api/products/${product._id}`, asBearer(cast.owner), figures);
    expect(onlyFigures.statusCode).toBe(400);
    expect(onlyFigures.json<{ message: string }>().message).toContain('Send at least one field to change');
    expect((await read(product._id)).json<Product>()).toMatchObject({ ratings: 0, reviews_count: 0 });
  });

  it.each<[string, object, string]>([
    ['a missing name', { name: undefined }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a name of 201 characters', { name: 'x'.repeat(201) }, 'name'],
    ['a missing price', { price: undefined }, 'price'],
    ['a negative price', { price: -1 }, 'price'],
    ['a price over 1,000,000', { price: 1_000_000.01 }, 'price'],
    ['a blank price', { price: '' }, 'price'],
    ...['12abc', '1e400', ' ', 'NaN', 'Infinity', '0x1A', '1,5', '12.50 '].map(
      (text): [string, object, string] => [`a price of "${text}"`, { price: text }, 'price'],
    ),
    ['a negative price as text', { price: '-1' }, 'price'],
    ['a price as text with fractions of a cent', { price: '1.234' }, 'price'],
    ['a fractional discount as text', { discount: '12.5' }, 'discount'],
    ['a price with fractions of a cent', { price: 1.234 }, 'price'],
    ['a negative discount', { discount: -1 }, 'discount'],
    ['a discount over 100', { discount: 101 }, 'discount'],
    ['a fractional discount', { discount: 12.5 }, 'discount'],
    ['flash_sale as text', { flash_sale: 'yes' }, 'flash_sale'],
    ['a negative stock', { stock: -1 }, 'stock": Stock can\'t be negative'],
    ['a fractional stock', { stock: 2.5 }, 'stock": Stock must be a whole number'],
    ['a fractional stock as text', { stock: '2.5' }, 'stock": Stock must be a whole number'],
    ['a stock over 1,000,000', { stock: 1_000_001 }, 'stock'],
    ['a stock in words', { stock: 'five' }, 'stock'],
    ['a javascript: image', { mainImage: 'javascript:alert(1)' }, 'mainImage'],
    ['a data: image', { mainImage: { url: 'data:image/png;base64,AAAA' } }, 'mainImage'],
    ['an ftp image', { images: ['ftp://files.example/a.png'] }, 'images'],
    ['features that are not a list', { features: 'a, b' }, 'features'],
    ['an unknown field', { colour: 'red' }, 'colour'],
  ])('rejects %s with 400 naming the field, and adds nothing', async (_, change, field) => {
    const before = await testApp.app.inject({ method: 'GET', url: '/api/products?limit=1' });
    const response = await create(cast.owner, { ...validProduct, ...change });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; message: string }>();
    expect(body.error).toBe('VALIDATION_ERROR');
    expect(body.message).toContain(field);
    const after = await testApp.app.inject({ method: 'GET', url: '/api/products?limit=1' });
    expect(after.headers['x-total-count']).toBe(before.headers['x-total-count']);
  });
});

describe('stock', () => {
  it("is null (not tracked) when a create leaves it out, as the spec's client does", async () => {
    const response = await create(cast.owner, validProduct);
    expect(response.json<Product>().stock).toBeNull();
  });

  it('takes a whole number, also as text, and keeps it through reads and updates that leave it out', async () => {
    const created = await create(cast.owner, { ...validProduct, stock: '3' });
    expect(created.json<Product>().stock).toBe(3);
    const id = created.json<Product>()._id;
    const renamed = await send('PATCH', `/api/products/${id}`, asBearer(cast.owner), { name: 'Renamed' });
    expect(renamed.json<Product>().stock).toBe(3);
    expect((await read(id)).json<Product>().stock).toBe(3);
  });

  it('changes to 0, and back to not tracked with null', async () => {
    const id = (await create(cast.owner, { ...validProduct, stock: 3 })).json<Product>()._id;
    const patchStock = (stock: number | null) =>
      send('PATCH', `/api/products/${id}`, asBearer(cast.owner), { stock });
    expect((await patchStock(0)).json<Product>().stock).toBe(0);
    expect((await read(id)).json<Product>().stock).toBe(0);
    expect((await patchStock(null)).json<Product>().stock).toBeNull();
    expect((await read(id)).json<Product>().stock).toBeNull();
  });
});

describe('PATCH and DELETE /api/products/:id', () => {
  let product: Product;

  beforeEach(async () => {
    product = (await create(cast.owner)).json<Product>();
  });

  const patch = (headers: Record<string, string>, payload: object = { price: 39.5 }) =>
    send('PATCH', `/api/products/${product._id}`, headers, payload);
  const remove = (headers: Record<string, string>) => send('DELETE', `/api/products/${product._id}`, headers);

  it('lets the seller change fields, also echoing the whole product back; the seller never changes', async () => {
    const response = await patch(asBearer(cast.owner), {
      ...product,
      price: 39.5,
      features: ['bright'],
      brand: '',
      addedBy: cast.stranger.handle,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Product>()).toMatchObject({
      price: 39.5,
      features: ['bright'],
      brand: null,
      name: 'Aurora Lamp',
      addedBy: cast.owner.handle,
      seller: { handle: cast.owner.handle, name: 'Olive Owner' },
    });
  });

  it('takes numbers as text, and leaves a field sent as empty text unchanged', async () => {
    const response = await patch(asBearer(cast.owner), { price: '', discount: '', stock: '3' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Product>()).toMatchObject({
      price: product.price,
      discount: product.discount,
      stock: 3,
    });
  });

  it('lets an admin change and delete any product, keeping its seller', async () => {
    const changed = await patch(asBearer(cast.admin), { name: 'Renamed by admin' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Product>()).toMatchObject({
      addedBy: cast.owner.handle,
      seller: { handle: cast.owner.handle, name: 'Olive Owner' },
    });
    expect((await remove(asBearer(cast.admin))).statusCode).toBe(200);
    expect((await read(product._id)).statusCode).toBe(404);
  });

  it('refuses another user with 403 and changes nothing, even one of the same name claiming the handle', async () => {
    const namesake = await signUp(testApp.app, 'another-olive@bazaar.test', 'Olive Owner');
    expect(namesake.handle).not.toBe(cast.owner.handle);
    for (const other of [cast.stranger, namesake]) {
      expect((await patch(asBearer(other), { price: 1, addedBy: cast.owner.handle })).statusCode).toBe(403);
      expect((await remove(asBearer(other))).statusCode).toBe(403);
    }
    expect((await read(product._id)).json()).toEqual(product);
  });

  it('refuses anonymous callers with 401 and changes nothing', async () => {
    expect((await patch({})).statusCode).toBe(401);
    expect((await remove({})).statusCode).toBe(401);
    expect((await read(product._id)).json()).toEqual(product);
  });

  it('lets the seller delete it', async () => {
    const response = await remove(asBearer(cast.owner));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect((await read(product._id)).statusCode).toBe(404);
    expect((await remove(asBearer(cast.owner))).statusCode).toBe(404);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect(
        (await send('PATCH', `/api/products/${id}`, asBearer(cast.owner), { price: 1 })).statusCode,
      ).toBe(404);
      expect((await send('DELETE', `/api/products/${id}`, asBearer(cast.owner))).statusCode).toBe(404);
    }
  });

  it.each([
    ['an empty change', {}],
    ['a bad price', { price: -5 }],
    ['a price in words', { price: 'ten' }],
    ['only empty texts', { price: '', discount: '' }],
    ['a javascript: image', { images: ['javascript:alert(1)'] }],
    ['an unknown field', { inventory: 3 }],
  ])('rejects %s with 400 and changes nothing', async (_, payload) => {
    const response = await patch(asBearer(cast.owner), payload);
    expect(response.statusCode).toBe(400);
    expect((await read(product._id)).json()).toEqual(product);
  });
});
