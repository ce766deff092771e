import { beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../db/schema.ts';
import { signUp } from '../../test/accounts.ts';
import { insertGeneratedCatalog, insertProducts, productRow } from '../../test/product-fixtures.ts';
import { TEST_PUBLIC_URL, useTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { createSeoRepository } from './seo.repository.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Throws unless `xml` is well formed as far as a sitemap goes: balanced tags, and every & an entity. */
function expectWellFormed(xml: string): void {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  expect(xml.replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toMatch(/[&]/);
  const open: string[] = [];
  for (const [, closing, name, selfClosing] of xml.matchAll(/<(\/?)([a-z:]+)[^>]*?(\/?)>/gi)) {
    if (selfClosing) continue;
    if (closing) expect(open.pop()).toBe(name);
    else open.push(name!);
  }
  expect(open).toEqual([]);
}

const locsOf = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc!.replaceAll('&amp;', '&'));

async function get(testApp: Pick<TestApp, 'app'>, url: string) {
  const response = await testApp.app.inject({ method: 'GET', url });
  return response;
}

/** The sitemap index's files, as paths. */
async function filesOf(testApp: Pick<TestApp, 'app'>): Promise<string[]> {
  const index = await get(testApp, '/sitemap.xml');
  expect(index.statusCode).toBe(200);
  expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
  expectWellFormed(index.body);
  expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  return locsOf(index.body).map((loc) => {
    expect(loc.startsWith(`${TEST_PUBLIC_URL}/sitemaps/`)).toBe(true);
    return loc.slice(TEST_PUBLIC_URL.length);
  });
}

describe('a small shop', () => {
  const testApp = useTestApp();
  let productIds: string[];
  let sellerHandle: string;

  beforeAll(async () => {
    const seller = await signUp(testApp.app, 'sitemap-seller@bazaar.test', 'Sia Seller');
    // Sells nothing: no page of theirs is worth a crawler's visit.
    await signUp(testApp.app, 'sitemap-buyer@bazaar.test', 'Bo Buyer');
    sellerHandle = seller.handle;
    await testApp.database.db
      .insert(categories)
      .values({ name: 'Home & Garden', imageUrl: '/images/categories/home-garden.svg' });
    const rows = await insertProducts(testApp.database.db, [
      productRow({ sellerId: seller.id, updatedAt: new Date('2026-03-04T05:06:07.000Z') }),
      productRow({ sellerId: seller.id, mainImageUrl: 'https://cdn.example/a.png?w=1&h=2' }),
    ]);
    productIds = rows.map((row) => row.id);
  });

  it('robots.txt lets robots crawl the shop but not the dashboard, the cart, checkout and the API', async () => {
    const response = await get(testApp, '/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /dashboard',
        'Disallow: /cart',
        'Disallow: /checkout',
        'Disallow: /api/',
        '',
        `Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  it('the index lists a file of pages, of categories, of sellers and of products', async () => {
    expect(await filesOf(testApp)).toEqual([
      '/sitemaps/pages-1.xml',
      '/sitemaps/categories-1.xml',
      '/sitemaps/sellers-1.xml',
      '/sitemaps/products-1.xml',
    ]);
  });

  it('each file lists its pages on PUBLIC_URL, escaped, with pictures and change times', async () => {
    const pages = (await get(testApp, '/sitemaps/pages-1.xml')).body;
    expectWellFormed(pages);
    expect(locsOf(pages)).toEqual(
      ['/', '/flash-sale', '/new-product-page', '/only-for-you', '/categories-all', '/about'].map(
        (path) => TEST_PUBLIC_URL + path,
      ),
    );

    const categoryFile = (await get(testApp, '/sitemaps/categories-1.xml')).body;
    expectWellFormed(categoryFile);
    expect(categoryFile).toContain(
      `<url><loc>${TEST_PUBLIC_URL}/search/Home%20%26%20Garden</loc>` +
        `<image:image><image:loc>${TEST_PUBLIC_URL}/images/categories/home-garden.svg</image:loc></image:image></url>`,
    );

    const sellers = (await get(testApp, '/sitemaps/sellers-1.xml')).body;
    expect(locsOf(sellers)).toEqual([`${TEST_PUBLIC_URL}/seller/${sellerHandle}`]);

    const response = await get(testApp, '/sitemaps/products-1.xml');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const productFile = response.body;
    expectWellFormed(productFile);
    expect(productFile).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    expect(
      locsOf(productFile)
        .filter((loc) => loc.includes('/product/'))
        .sort(),
    ).toEqual(productIds.map((id) => `${TEST_PUBLIC_URL}/product/${id}`).sort());
    expect(productFile).toContain(
      `<loc>${TEST_PUBLIC_URL}/product/${productIds[0]}</loc><lastmod>2026-03-04T05:06:07.000Z</lastmod>`,
    );
    expect(productFile).toContain('<image:loc>https://cdn.example/a.png?w=1&amp;h=2</image:loc>');
  });

  it.each([
    'products-2.xml',
    'pages-2.xml',
    'products-0.xml',
    'orders-1.xml',
    'products-1.xml.gz',
    '..%2Fpasswd',
  ])('answers 404 for a file the index does not list: %s', async (file) => {
    const response = await get(testApp, `/sitemaps/${file}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Sitemap not found' });
  });

  it('follows the catalog: a new product shows in the next answer', async () => {
    const before = locsOf((await get(testApp, '/sitemaps/products-1.xml')).body);
    expect(await filesOf(testApp)).toContain('/sitemaps/products-1.xml');
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { authorization: `Bearer ${(await signUp(testApp.app, 'sitemap-new@bazaar.test')).token}` },
      payload: { name: 'Fresh Kettle', price: 20 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = locsOf((await get(testApp, '/sitemaps/products-1.xml')).body);
    expect(after).toHaveLength(before.length + 1);
    expect(after).toContain(`${TEST_PUBLIC_URL}/product/${created.json<{ _id: string }>()._id}`);
  });
});

describe('a catalog cut into sitemap files of a few hundred, on either engine', () => {
  const CATALOG_SIZE = 2_500;
  const testApp = useTestApp();

  beforeAll(async () => {
    await insertGeneratedCatalog(testApp.database.db, CATALOG_SIZE);
  }, 120_000);

  // 2,500 at 500 a file fills its last file exactly; at 2,500 the only one.
  it.each([
    [1_000, 3],
    [500, 5],
    [2_500, 1],
  ])('at %i a file, lists every product exactly once in %i files', async (fileUrls, files) => {
    const repository = createSeoRepository(testApp.database.db, fileUrls);
    const blocks = await repository.blocks('products');
    expect(blocks).toHaveLength(files);
    const ids: string[] = [];
    for (const block of blocks) {
      const rows = await repository.productsIn(block);
      expect(rows.length).toBeLessThanOrEqual(fileUrls);
      ids.push(...rows.map((row) => row.id));
    }
    expect(ids).toHaveLength(CATALOG_SIZE);
    expect(new Set(ids).size).toBe(CATALOG_SIZE);
  });
});

// The same SQL as above at the protocol's own size; on PostgreSQL only, where 100,000 rows go in within seconds
// (PGlite takes two minutes of the run for them).
describe.runIf(testEngine === 'postgres')('a shop of 100,000 products', () => {
  const CATALOG_SIZE = 100_000;
  const testApp = useTestApp();

  beforeAll(async () => {
    await insertGeneratedCatalog(testApp.database.db, CATALOG_SIZE);
  }, 120_000);

  it('lists every product exactly once, in files of at most 50,000', async () => {
    const productFiles = (await filesOf(testApp)).filter((file) => file.startsWith('/sitemaps/products-'));
    expect(productFiles).toEqual(['/sitemaps/products-1.xml', '/sitemaps/products-2.xml']);
    const seen = new Set<string>();
    let listed = 0;
    for (const file of productFiles) {
      const response = await get(testApp, file);
      expect(response.statusCode).toBe(200);
      const locs = locsOf(response.body).filter((loc) => loc.includes('/product/'));
      expect(locs.length).toBeLessThanOrEqual(50_000);
      listed += locs.length;
      for (const loc of locs) {
        expect(loc).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/product/${UUID}$`));
        seen.add(loc);
      }
      expect(response.body.match(/<lastmod>/g)).toHaveLength(locs.length);
      expect(response.body.match(/<image:image>/g)).toHaveLength(locs.length);
    }
    expect(listed).toBe(CATALOG_SIZE);
    expect(seen.size).toBe(CATALOG_SIZE);
  }, 120_000);
});
