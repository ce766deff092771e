import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@bazaar/shared/products';
import { categories } from '../../db/schema.ts';
import { asBearer, signUpCast } from '../../test/accounts.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { TEST_PUBLIC_URL, useTestApp } from '../../test/test-app.ts';
import { fakeWebBuild } from '../../test/web-build.ts';

const testApp = useTestApp({}, { webDist: fakeWebBuild() });
let cast: Awaited<ReturnType<typeof signUpCast>>;
let product: Product;
let pasted: Product;

async function get(url: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'GET', url, headers });
}

/** The page's og:image tags, as a messenger reads them. */
async function previewTagsOf(pagePath: string) {
  const html = (await get(pagePath)).body;
  const meta = (property: string) =>
    new RegExp(`<meta property="${property}" content="([^"]*)" />`).exec(html)?.[1]?.replaceAll('&amp;', '&');
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    ogTitle: meta('og:title'),
    image: meta('og:image'),
    type: meta('og:image:type'),
    width: meta('og:image:width'),
    height: meta('og:image:height'),
  };
}

/** The card at an og:image address, fetched as a crawler would, and what its bytes are. */
async function cardAt(imageUrl: string) {
  expect(imageUrl.startsWith(`${TEST_PUBLIC_URL}/`), imageUrl).toBe(true);
  const response = await get(imageUrl.slice(TEST_PUBLIC_URL.length));
  expect(response.statusCode, response.body).toBe(200);
  const { format, width, height } = await sharp(response.rawPayload).metadata();
  return { response, format, width, height, stats: await sharp(response.rawPayload).stats() };
}

beforeAll(async () => {
  cast = await signUpCast(testApp, 'previews');
  await testApp.database.db
    .insert(categories)
    .values([{ name: 'Phones & Tablets', imageUrl: '/images/categories/phones-tablets.svg' }]);
  const rows = await insertProducts(testApp.database.db, [
    productRow({
      name: 'Aurora Phone',
      mainImageUrl: '/images/products/aurora-phone/1.svg',
      categories: ['phones'],
      sellerId: cast.owner.id,
    }),
    productRow({
      name: 'Pasted Picture Mug',
      mainImageUrl: 'https://cdn.example/mug.png',
      categories: ['mugs'],
      sellerId: cast.owner.id,
    }),
  ]);
  const fetched = await Promise.all(
    rows.map(async (row) => (await get(`/api/products/${row.id}`)).json<Product>()),
  );
  [product, pasted] = fetched as [Product, Product];
});

describe('link previews', () => {
  it('every page with a preview names a 1200 × 630 JPEG that answers, home, product, seller and category', async () => {
    const pages = [
      '/',
      `/product/${product._id}`,
      `/seller/${cast.owner.handle}`,
      '/search/Phones%20%26%20Tablets',
    ];
    for (const path of pages) {
      const tags = await previewTagsOf(path);
      expect(tags, path).toMatchObject({ type: 'image/jpeg', width: '1200', height: '630' });
      const card = await cardAt(tags.image!);
      expect(card.response.headers['content-type'], path).toBe('image/jpeg');
      expect({ format: card.format, width: card.width, height: card.height }, path).toEqual({
        format: 'jpeg',
        width: 1200,
        height: 630,
      });
    }
  });

  it('the home page is titled with the shop’s name, and its card is the shop’s', async () => {
    const tags = await previewTagsOf('/');
    expect(tags.title).toBe('Bazaar');
    expect(tags.ogTitle).toBe('Bazaar');
    expect(tags.image).toBe(`${TEST_PUBLIC_URL}/previews/shop.jpg`);
  });

  it('a product’s card shows its picture; one pasted from elsewhere is never fetched: the shop’s card stands in', async () => {
    const shop = await cardAt(`${TEST_PUBLIC_URL}/previews/shop.jpg`);
    const drawn = await cardAt(`${TEST_PUBLIC_URL}/previews/products/${product._id}.jpg`);
    const pastedCard = await cardAt(`${TEST_PUBLIC_URL}/previews/products/${pasted._id}.jpg`);
    expect(drawn.response.rawPayload.equals(shop.response.rawPayload)).toBe(false);
    expect(pastedCard.response.rawPayload.equals(shop.response.rawPayload)).toBe(true);
  });

  it('is cached by its ETag: the same card is a 304 to a client that has it', async () => {
    const url = `/previews/products/${product._id}.jpg`;
    const first = await get(url);
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.byteLength).toBe(0);
    expect((await get(url)).rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('answers everybody alike: anonymous, the owner, a stranger and an admin', async () => {
    const url = `/previews/sellers/${cast.owner.handle}.jpg`;
    const anonymous = await get(url);
    for (const account of [cast.owner, cast.stranger, cast.admin]) {
      const answer = await get(url, asBearer(account));
      expect(answer.statusCode).toBe(200);
      expect(answer.headers.etag).toBe(anonymous.headers.etag);
    }
  });

  it.each([
    ['an unknown product', '/previews/products/00000000-0000-4000-8000-000000000000.jpg'],
    ['a malformed product id', '/previews/products/123.jpg'],
    ['an unknown seller', '/previews/sellers/nobody-has-this.jpg'],
    ['a handle that is none', '/previews/sellers/NOT%20A%20HANDLE.jpg'],
    ['an unknown category', '/previews/categories/lamps.jpg'],
    ['another kind of picture', `/previews/products/${'%PRODUCT%'}.png`],
  ])('%s is a 404 with a JSON message', async (_name, url) => {
    const response = await get(url.replace('%PRODUCT%', product._id));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
  });
});
