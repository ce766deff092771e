import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Product } from '@bazaar/shared/products';
import { categories } from '../../db/schema.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { asBearer, asCookie, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { createTestApp, useTestApp } from '../../test/test-app.ts';

const testApp = useTestApp();
let seller: TestAccount;
let productId: string;
/**
 * The app's database reads that are built per request: a repository's `select`s and raw `execute`s, and the
 * transactions a search's reads run in on PostgreSQL (under its statement timeout). A statement prepared once, as a
 * ranked page's rows, runs beside them and is not counted.
 */
let reads: MockInstance[];
/** Holds a request after its handler has read the database, before the answer is kept (see the race test). */
let held: Promise<void> | undefined;
/** Set when a held request has read its answer and waits before it would be kept. */
let holding = false;

beforeAll(async () => {
  testApp.app.addHook('preSerialization', async (request) => {
    if (request.headers['x-test-hold'] === undefined) return;
    holding = true;
    await held;
  });
  seller = await signUp(testApp.app, 'cache-seller@bazaar.test');
  const [first] = await insertProducts(testApp.database.db, [
    productRow({ name: 'Cached Lamp', categories: ['home'] }),
    productRow({ name: 'Cached Phone', categories: ['phones'], flashSale: true }),
    // Enough for a list worth compressing.
    ...Array.from({ length: 8 }, () => productRow()),
  ]);
  productId = first!.id;
  await testApp.database.db
    .insert(categories)
    .values({ name: 'Home', imageUrl: '/images/categories/home.svg' });
  reads = [
    vi.spyOn(testApp.database.db, 'select'),
    vi.spyOn(testApp.database.db, 'execute'),
    vi.spyOn(testApp.database.db, 'transaction'),
  ];
});

async function get(url: string, headers: Record<string, string> = {}) {
  for (const spy of reads) spy.mockClear();
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  return { response, reads: reads.reduce((sum, spy) => sum + spy.mock.calls.length, 0) };
}

const write = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: asBearer(seller), ...(payload ? { payload } : {}) });

describe('the catalog cache', () => {
  it.each([
    ['a product list', () => '/api/products?limit=24'],
    [
      'a filtered, sorted later page',
      () => '/api/products?category=phones&flash_sale=true&sort=server&offset=0',
    ],
    // "lämp" finds the lamp, and is split by the database: a plain text is split in the process, and the search index
    // reads the page's rows with a prepared statement, which the spies do not see.
    ['a name search', () => `/api/products?q=${encodeURIComponent('lämp')}`],
    ['a product', () => `/api/products/${productId}`],
    ['the categories', () => '/api/categories'],
  ])('answers a second identical GET of %s without the database', async (_, url) => {
    const first = await get(url());
    expect(first.response.statusCode).toBe(200);
    expect(first.reads).toBeGreaterThan(0);
    const second = await get(url());
    expect(second.reads).toBe(0);
    expect(second.response.body).toBe(first.response.body);
    for (const name of ['content-type', 'x-total-count', 'etag', 'cache-control']) {
      expect(second.response.headers[name], name).toBe(first.response.headers[name]);
    }
    expect(second.response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(second.response.headers['cache-control']).toBe('no-cache');
  });

  it('shares one entry between spellings of the same list', async () => {
    await get('/api/products?limit=24&offset=0');
    expect((await get('/api/products?offset=0&limit=24')).reads).toBe(0);
    expect((await get('/api/products')).reads).toBe(0);
    expect((await get('/api/products?sort=newest&q=')).reads).toBe(0);
  });

  it('answers 304 without a body when the client has the current answer', async () => {
    const { response } = await get('/api/products');
    const etag = response.headers.etag as string;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const revalidated = await get('/api/products', { 'if-none-match': ifNoneMatch });
      expect(revalidated.response.statusCode).toBe(304);
      expect(revalidated.response.body).toBe('');
      expect(revalidated.response.headers.etag).toBe(etag);
    }
    expect((await get('/api/products', { 'if-none-match': '"stale"' })).response.statusCode).toBe(200);
  });

  it('keeps a compressed copy for clients that accept one, with its own ETag', async () => {
    const plain = await get('/api/products?limit=10');
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      await get('/api/products?limit=10', { 'accept-encoding': `${encoding}` });
      const { response, reads: count } = await get('/api/products?limit=10', { 'accept-encoding': encoding });
      expect(count).toBe(0);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(response.rawPayload).toString()).toBe(plain.response.body);
      expect(response.headers.etag).not.toBe(plain.response.headers.etag);
    }
  });

  it('shows a created, changed and deleted product on the very next GET', async () => {
    const listBefore = await get('/api/products');
    const total = Number(listBefore.response.headers['x-total-count']);
    await get(`/api/products/${productId}`);
    const search = async (q: string) =>
      (await get(`/api/products?q=${q}`)).response.json<Product[]>().map((product) => product.name);
    expect(await search('kettle')).toEqual([]);

    const created = (
      await write('POST', '/api/products', { name: 'Fresh Kettle', price: 20 })
    ).json<Product>();
    const afterCreate = await get('/api/products');
    expect(afterCreate.response.json<Product[]>()[0]?.name).toBe('Fresh Kettle');
    expect(Number(afterCreate.response.headers['x-total-count'])).toBe(total + 1);
    expect(await search('kettle')).toEqual(['Fresh Kettle']);
    // The client's copy is out of date now.
    const stale = listBefore.response.headers.etag as string;
    expect((await get('/api/products', { 'if-none-match': stale })).response.statusCode).toBe(200);

    expect(
      (await write('PATCH', `/api/products/${created._id}`, { name: 'Renamed Kettle' })).statusCode,
    ).toBe(200);
    expect((await get(`/api/products/${created._id}`)).response.json<Product>().name).toBe('Renamed Kettle');
    expect((await get('/api/products')).response.json<Product[]>()[0]?.name).toBe('Renamed Kettle');
    expect(await search('kettle')).toEqual(['Renamed Kettle']);
    expect(await search('fresh')).toEqual([]);

    expect((await write('DELETE', `/api/products/${created._id}`)).statusCode).toBe(200);
    expect((await get(`/api/products/${created._id}`)).response.statusCode).toBe(404);
    const afterDelete = await get('/api/products');
    expect(afterDelete.response.json<Product[]>().map((product) => product.name)).not.toContain(
      'Renamed Kettle',
    );
    expect(Number(afterDelete.response.headers['x-total-count'])).toBe(total);
    expect(await search('kettle')).toEqual([]);
  });

  it("shows a seller's new name on the very next GET, whichever way the name was changed", async () => {
    const created = (await write('POST', '/api/products', { name: 'Named Vase', price: 9 })).json<Product>();
    const sellerName = async () =>
      (await get(`/api/products/${created._id}`)).response.json<Product>().seller.name;
    expect(await sellerName()).toBe('cache-seller');
    await get('/api/products');

    const renamed = await write('PATCH', `/api/users/${seller.email}`, { name: 'Cassie Cache' });
    expect(renamed.statusCode).toBe(200);
    expect(await sellerName()).toBe('Cassie Cache');
    expect((await get('/api/products')).response.json<Product[]>()[0]?.seller.name).toBe('Cassie Cache');

    const updated = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: asCookie(seller),
      payload: { name: 'Cassie Renamed' },
    });
    expect(updated.statusCode).toBe(200);
    expect(await sellerName()).toBe('Cassie Renamed');
    expect((await write('DELETE', `/api/products/${created._id}`)).statusCode).toBe(200);
  });

  it("keeps a seller's list and its count apart from the whole catalog's", async () => {
    const created = (await write('POST', '/api/products', { name: 'Own Teapot', price: 7 })).json<Product>();
    const all = await get('/api/products?limit=5');
    expect(Number(all.response.headers['x-total-count'])).toBeGreaterThan(1);
    const own = `/api/products?seller=${seller.handle}&limit=5`;
    const first = await get(own);
    expect(first.response.json<Product[]>().map((product) => product.name)).toEqual(['Own Teapot']);
    expect(first.response.headers['x-total-count']).toBe('1');
    expect((await get(own)).reads).toBe(0);
    // Another page of the same list takes its count from the cache: the seller's count, not the catalog's.
    const page = await get(`/api/products?seller=${seller.handle}&limit=6`);
    expect(page.response.headers['x-total-count']).toBe('1');
    expect((await write('DELETE', `/api/products/${created._id}`)).statusCode).toBe(200);
    expect((await get(own)).response.json()).toEqual([]);
  });

  it('keeps answers that a refused write did not change', async () => {
    await get('/api/products');
    const stranger = await signUp(testApp.app, 'cache-stranger@bazaar.test');
    const refused = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/products/${productId}`,
      headers: asBearer(stranger),
      payload: { name: 'Not yours' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await get('/api/products')).reads).toBe(0);
  });

  it.each(['/api/products?sort=random', '/api/products?q=lamp&sort=random', '/api/categories?sort=random'])(
    'asks the database every time for %s',
    async (url) => {
      await get(url);
      const again = await get(url);
      expect(again.response.statusCode).toBe(200);
      expect(again.reads).toBeGreaterThan(0);
    },
  );

  it('never answers a bad request from the cache, nor keeps an error', async () => {
    await get('/api/products?limit=24');
    for (const url of ['/api/products?limit=24&page=2', '/api/products?limit=0', '/api/categories?page=2']) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const { response } = await get(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
      }
    }
    const unknown = '/api/products/00000000-0000-4000-8000-000000000000';
    await get(unknown);
    const again = await get(unknown);
    expect(again.response.statusCode).toBe(404);
    expect(again.reads).toBeGreaterThan(0);
  });

  it('does not keep the answer of a read that a write overtook', async () => {
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    holding = false;
    // Reads the catalog (from SQL or the search index), then waits before its answer would be kept.
    const slowRead = testApp.app.inject({
      method: 'GET',
      url: '/api/products?limit=23',
      headers: { 'x-test-hold': '1' },
    });
    await vi.waitFor(() => expect(holding).toBe(true));
    const created = await write('POST', '/api/products', { name: 'Overtaking Lamp', price: 5 });
    expect(created.statusCode).toBe(201);
    release();
    expect((await slowRead).json<Product[]>()[0]?.name).not.toBe('Overtaking Lamp');
    expect((await get('/api/products?limit=23')).response.json<Product[]>()[0]?.name).toBe('Overtaking Lamp');
  });

  it('is emptied by a seed', async () => {
    expect((await get('/api/categories')).response.json()).toHaveLength(1);
    await seedDemoData(testApp.database.db, { products: 3 });
    // On PostgreSQL the seed is heard through LISTEN, a moment after it commits.
    await vi.waitFor(async () => expect((await get('/api/categories')).response.json()).not.toHaveLength(1));
    expect(Number((await get('/api/products')).response.headers['x-total-count'])).toBe(3);
  });
});

describe('with CATALOG_CACHE_MB=0', () => {
  it('reads the database for every request, and still answers 304 to a current ETag', async () => {
    const uncached = await createTestApp({ CATALOG_CACHE_MB: '0' });
    try {
      const spy = vi.spyOn(uncached.database.db, 'select');
      const first = await uncached.app.inject({ method: 'GET', url: '/api/categories' });
      spy.mockClear();
      const second = await uncached.app.inject({
        method: 'GET',
        url: '/api/categories',
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(spy).toHaveBeenCalled();
      expect(second.statusCode).toBe(304);
    } finally {
      await uncached.close();
    }
  });
});
