import { beforeAll, describe, expect, it } from 'vitest';
import { CARD_PICTURE_SIZES, LEAD_CARD_PICTURES } from '@bazaar/shared/page-data';
import type { Product } from '@bazaar/shared/products';
import { categories } from '../../db/schema.ts';
import { asBearer, signUpCast, type TestAccount } from '../../test/accounts.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { TEST_PUBLIC_URL, useTestApp } from '../../test/test-app.ts';
import { fakeWebBuild, pageDataOf } from '../../test/web-build.ts';

const testApp = useTestApp({}, { webDist: fakeWebBuild() });
let cast: Awaited<ReturnType<typeof signUpCast>>;

const HOSTILE_NAME = '</script><script>alert(1)</script>';
const HOSTILE_TEXT = '"><img src=x onerror=alert(2)> & \u2028 <!-- </SCRIPT >';

async function page(url: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'GET', url, headers });
}

/** A JSON-LD object, with the members the tests read into. */
type LdNode = Record<string, unknown> & {
  offers: { availability: string };
  brand: { name: string };
  itemListElement: unknown[];
};

/** What a crawler reads in a page's head: its title, its tags by name or property, and its JSON-LD. */
function headOf(html: string) {
  const decode = (text: string) =>
    text
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&amp;', '&');
  const meta = (key: string) => {
    const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html);
    return match ? decode(match[1]!) : undefined;
  };
  const ldScripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  const graph = ldScripts.flatMap(
    ([, json]) => (JSON.parse(json!) as { '@graph': Record<string, unknown>[] })['@graph'],
  );
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    titles: html.match(/<title>/g)?.length ?? 0,
    canonical: decode(/<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1] ?? ''),
    meta,
    ldScripts: ldScripts.length,
    ofType: (type: string) => graph.find((item) => item['@type'] === type) as LdNode | undefined,
  };
}

/** The downloads a page's head starts early: module scripts by address, pictures as their whole tags. */
function preloadsOf(html: string) {
  return {
    modules: [...html.matchAll(/<link rel="modulepreload" href="([^"]*)" \/>/g)].map(([, href]) => href),
    images: html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [],
  };
}

/** A list's first page as `GET /api/products` answers its parameters. */
async function apiFirstPage(params: Record<string, string>) {
  const response = await page(`/api/products?${new URLSearchParams({ ...params, limit: '24' }).toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  return {
    items: response.json<Product[]>(),
    total: Number(response.headers['x-total-count']),
    capped: response.headers['x-total-count-capped'] === 'true',
  };
}

async function apiProduct(id: string): Promise<Product> {
  return (await page(`/api/products/${id}`)).json<Product>();
}

let seller: TestAccount;
let product: Product;
let outOfStock: Product;
let unreviewed: Product;
let pasted: Product;

beforeAll(async () => {
  cast = await signUpCast(testApp, 'seo');
  seller = cast.owner;
  await testApp.database.db.insert(categories).values([
    { name: 'Phones & Tablets', imageUrl: '/images/categories/phones-tablets.svg' },
    { name: 'Kitchen', imageUrl: '/images/categories/kitchen.svg' },
  ]);
  const rows = await insertProducts(testApp.database.db, [
    productRow({
      name: 'Aurora Phone',
      description: `A phone that lasts. ${'All day battery, bright screen. '.repeat(12)}`,
      priceCents: 19_999,
      discount: 15,
      brand: 'Novaline',
      stock: 3,
      ratings: 4.5,
      reviewsCount: 8,
      categories: ['phones'],
      mainImageUrl: '/images/products/aurora-phone/1.svg',
      imageUrls: ['/images/products/aurora-phone/2.svg'],
      sellerId: seller.id,
    }),
    productRow({ name: 'Sold Out Kettle', stock: 0, categories: ['kitchen'], sellerId: seller.id }),
    productRow({
      name: 'Quiet Lamp',
      stock: null,
      ratings: 0,
      reviewsCount: 0,
      description: '',
      categories: ['lamps'],
    }),
    productRow({
      name: 'Pasted Picture Mug',
      mainImageUrl: 'https://cdn.example/mug.png?size=large&v=2',
      categories: ['mugs'],
    }),
  ]);
  const fetched = await Promise.all(rows.map((row) => apiProduct(row.id)));
  [product, outOfStock, unreviewed, pasted] = fetched as [Product, Product, Product, Product];
});

describe('a product page', () => {
  it('is the web app with the product’s title, description, canonical address and pictures in its head', async () => {
    const response = await page(`/product/${product._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    // The web app still boots from it.
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain(
      '<script type="module" crossorigin src="/assets/main-abc123.js"></script>',
    );

    const head = headOf(response.body);
    expect(head.title).toBe('Aurora Phone — Bazaar');
    expect(head.titles).toBe(1);
    expect(response.body.match(/name="description"/g)).toHaveLength(1);
    expect(head.meta('description')).toMatch(/^A phone that lasts\. All day battery, bright screen\./);
    expect(head.meta('description')!.length).toBeLessThanOrEqual(160);
    expect(head.meta('description')).toMatch(/…$/);
    const canonical = `${TEST_PUBLIC_URL}/product/${product._id}`;
    expect(head.canonical).toBe(canonical);
    expect(head.meta('og:url')).toBe(canonical);
    expect(head.meta('og:type')).toBe('product');
    expect(head.meta('og:title')).toBe('Aurora Phone');
    const card = `${TEST_PUBLIC_URL}/previews/products/${product._id}.jpg`;
    expect(head.meta('og:image')).toBe(card);
    expect(head.meta('twitter:card')).toBe('summary_large_image');
    expect(head.meta('twitter:image')).toBe(card);
    expect(head.meta('product:price:amount')).toBe('169.99');
    expect(head.meta('robots')).toBeUndefined();
  });

  it('carries JSON-LD of the product, its offer at the discounted price, its rating and its breadcrumbs', async () => {
    const head = headOf((await page(`/product/${product._id}`)).body);
    expect(head.ldScripts).toBe(1);
    const ld = head.ofType('Product')!;
    expect(ld).toMatchObject({
      name: product.name,
      description: product.description,
      sku: product._id,
      url: `${TEST_PUBLIC_URL}/product/${product._id}`,
      image: [product.mainImage.url, product.images[0]!.url],
      brand: { '@type': 'Brand', name: 'Novaline' },
    });
    // $199.99 less 15% is $169.9915, which the shop rounds to the cent as the checkout does.
    expect(ld.offers).toMatchObject({
      '@type': 'Offer',
      price: '169.99',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      seller: { name: seller.name, url: `${TEST_PUBLIC_URL}/seller/${seller.handle}` },
    });
    expect(ld.aggregateRating).toMatchObject({
      '@type': 'AggregateRating',
      ratingValue: product.ratings,
      reviewCount: product.reviews_count,
    });
    expect(product.ratings).toBe(4.5);
    expect(product.reviews_count).toBe(8);
    expect(head.ofType('BreadcrumbList')!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${TEST_PUBLIC_URL}/` },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'Phones & Tablets',
        item: `${TEST_PUBLIC_URL}/search/Phones%20%26%20Tablets`,
      },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'Aurora Phone',
        item: `${TEST_PUBLIC_URL}/product/${product._id}`,
      },
    ]);
  });

  it('names its own code and its main picture, for the browser to fetch beside the app’s entry', async () => {
    const body = (await page(`/product/${product._id}`)).body;
    expect(preloadsOf(body)).toEqual({
      modules: ['/assets/product-page-p1.js', '/assets/shared-s1.js'],
      images: [`<link rel="preload" as="image" href="${product.mainImage.url}" fetchpriority="high" />`],
    });
    // After the entry script, which every page waits for, so that its download does not queue behind them.
    const entry = body.indexOf('<script type="module"');
    expect(entry).toBeGreaterThan(0);
    expect(body.indexOf('<link rel="preload"')).toBeGreaterThan(entry);
    expect(body.indexOf('<link rel="modulepreload"')).toBeGreaterThan(body.indexOf('<link rel="preload"'));
  });

  it('carries the product as the API answers it, for the app to show without asking', async () => {
    const response = await page(`/product/${product._id}`);
    const answer = await page(`/api/products/${product._id}`);
    expect(pageDataOf(response.body)).toEqual({ product: answer.json<unknown>() });
  });

  it('says out of stock at no stock, in stock when the seller does not count it, and no rating without reviews', async () => {
    const soldOut = headOf((await page(`/product/${outOfStock._id}`)).body).ofType('Product')!;
    expect(soldOut.offers.availability).toBe('https://schema.org/OutOfStock');
    const lamp = headOf((await page(`/product/${unreviewed._id}`)).body);
    expect(lamp.ofType('Product')!.offers.availability).toBe('https://schema.org/InStock');
    expect(lamp.ofType('Product')!.aggregateRating).toBeUndefined();
    // No description: the page still describes itself.
    expect(lamp.meta('description')).toBe('Quiet Lamp for $10.00 at Bazaar.');
    // A category no card names: the breadcrumbs go from home to the product.
    expect(lamp.ofType('BreadcrumbList')!.itemListElement).toHaveLength(2);
  });

  it('lists a picture pasted from elsewhere at its own address, escaped', async () => {
    const response = await page(`/product/${pasted._id}`);
    expect(headOf(response.body).ofType('Product')!.image).toEqual([
      'https://cdn.example/mug.png?size=large&v=2',
    ]);
  });

  it.each([
    ['an unknown id', '/product/00000000-0000-4000-8000-000000000000'],
    ['a malformed id', '/product/123'],
    ['an id with more path', `/product/%PRODUCT%/reviews`],
    ['no id', '/product/'],
  ])('is a 404 for %s, still the web app, which shows its error page', async (_, url) => {
    const response = await page(url.replace('%PRODUCT%', product._id));
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<div id="root"></div>');
    const head = headOf(response.body);
    expect(head.title).toBe('Page not found — Bazaar');
    expect(head.meta('robots')).toBe('noindex');
    expect(head.canonical).toBe('');
    expect(head.ldScripts).toBe(0);
  });

  it('escapes what sellers wrote: no script of theirs in the head, and the JSON-LD reads back as written', async () => {
    const [row] = await insertProducts(testApp.database.db, [
      productRow({
        name: HOSTILE_NAME,
        description: HOSTILE_TEXT,
        brand: HOSTILE_NAME,
        mainImageUrl: 'https://cdn.example/x.png?"><script>alert(3)</script>',
        categories: [HOSTILE_NAME],
      }),
    ]);
    const response = await page(`/product/${row!.id}`);
    expect(response.statusCode).toBe(200);
    // The page's only scripts are the web app's, the JSON-LD and the data block.
    expect(response.body.match(/<script/gi)).toHaveLength(3);
    expect(response.body).not.toMatch(/<\/script><script>|<img|alert\(3\)<|\u2028|<!--/);
    const head = headOf(response.body);
    expect(head.title).toBe(`${HOSTILE_NAME} — Bazaar`);
    expect(head.meta('description')).toBe(HOSTILE_TEXT.replace(/\s+/g, ' '));
    expect(head.ofType('Product')).toMatchObject({ name: HOSTILE_NAME, description: HOSTILE_TEXT });
    expect(head.ofType('Product')!.brand.name).toBe(HOSTILE_NAME);
    expect(pageDataOf(response.body)?.product).toMatchObject({
      name: HOSTILE_NAME,
      description: HOSTILE_TEXT,
    });
  });
});

describe('the other pages', () => {
  it('the home page names the shop, its search and no product', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    const head = headOf(response.body);
    expect(head.title).toBe('Bazaar');
    expect(head.meta('og:title')).toBe('Bazaar');
    expect(head.canonical).toBe(`${TEST_PUBLIC_URL}/`);
    expect(head.ofType('Organization')).toMatchObject({ name: 'Bazaar', url: `${TEST_PUBLIC_URL}/` });
    expect(head.ofType('WebSite')!.potentialAction).toEqual({
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${TEST_PUBLIC_URL}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    });
    // Its code is the entry's own.
    expect(preloadsOf(response.body)).toEqual({ modules: [], images: [] });
  });

  it('a category page is titled by its route value, on the category’s own address and picture', async () => {
    const head = headOf((await page('/search/phones%20%26%20tablets')).body);
    expect(head.title).toBe('phones & tablets — Bazaar');
    expect(head.canonical).toBe(`${TEST_PUBLIC_URL}/search/Phones%20%26%20Tablets`);
    expect(head.meta('og:image')).toBe(`${TEST_PUBLIC_URL}/previews/categories/Phones%20%26%20Tablets.jpg`);
    // Any text lists the products whose tags it contains: a page, never a 404.
    const other = await page('/search/lamps');
    expect(other.statusCode).toBe(200);
    expect(headOf(other.body).title).toBe('lamps — Bazaar');
    expect(headOf(other.body).meta('og:image')).toBeUndefined();
    expect((await page('/search/a/b')).statusCode).toBe(404);
  });

  it('a seller page names the seller, never their e-mail; an unknown handle is a 404', async () => {
    const response = await page(`/seller/${seller.handle}`);
    expect(response.statusCode).toBe(200);
    const head = headOf(response.body);
    expect(head.title).toBe(`${seller.name} — Bazaar`);
    expect(head.canonical).toBe(`${TEST_PUBLIC_URL}/seller/${seller.handle}`);
    expect(head.meta('description')).toBe(`${seller.name} sells on Bazaar: 2 products.`);
    expect(response.body).not.toContain(seller.email);
    expect(preloadsOf(response.body).modules).toEqual(['/assets/seller-page-s2.js', '/assets/shared-s1.js']);
    for (const url of ['/seller/nobody-has-this', '/seller/NOT%20A%20HANDLE', `/seller/${seller.handle}/x`]) {
      const unknown = await page(url);
      expect(unknown.statusCode, url).toBe(404);
      expect(headOf(unknown.body).title).toBe('Page not found — Bazaar');
    }
  });

  it('a search page repeats the search, escaped, on its canonical address', async () => {
    const head = headOf(
      (await page(`/search?q=${encodeURIComponent(` ${HOSTILE_NAME} `)}&sort=price_asc`)).body,
    );
    expect(head.title).toBe(`“${HOSTILE_NAME}” — Search — Bazaar`);
    expect(head.canonical).toBe(
      `${TEST_PUBLIC_URL}/search?${new URLSearchParams({ q: HOSTILE_NAME }).toString()}`,
    );
    expect(headOf((await page('/search?q=lamp&q=kettle')).body).title).toBe('“lamp” — Search — Bazaar');
    expect(headOf((await page('/search')).body).title).toBe('Search — Bazaar');
  });

  it.each([
    ['/flash-sale', 'Flash Sale'],
    ['/new-product-page', 'New Product'],
    ['/only-for-you', 'Only For You'],
    ['/categories-all', 'All Categories'],
    ['/about', 'About'],
    ['/cart', 'Cart'],
    ['/login', 'Login'],
    ['/register', 'Register'],
    ['/forgot-password', 'Forgot password'],
    ['/reset-password', 'Choose a new password'],
    ['/email-verified', 'Confirm your e-mail'],
  ])('%s is titled “%s”, as the web app titles it', async (url, name) => {
    const response = await page(url);
    expect(response.statusCode).toBe(200);
    const head = headOf(response.body);
    expect(head.title).toBe(`${name} — Bazaar`);
    expect(head.canonical).toBe(`${TEST_PUBLIC_URL}${url}`);
    expect(head.meta('description')).toBeTruthy();
  });
});

describe('who is asking', () => {
  it('anonymous, owner, stranger and admin get the same public page; a deleted product is a 404 for all', async () => {
    const [row] = await insertProducts(testApp.database.db, [
      productRow({ name: 'Soon Gone', sellerId: seller.id }),
    ]);
    const callers = [{}, asBearer(cast.owner), asBearer(cast.stranger), asBearer(cast.admin)];
    for (const url of [`/product/${row!.id}`, `/seller/${seller.handle}`, '/']) {
      const bodies = await Promise.all(callers.map(async (headers) => (await page(url, headers)).body));
      expect(new Set(bodies).size, url).toBe(1);
    }
    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/products/${row!.id}`,
      headers: asBearer(seller),
    });
    expect(deleted.statusCode).toBe(200);
    for (const headers of callers) {
      const response = await page(`/product/${row!.id}`, headers);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Soon Gone');
    }
  });
});

describe('the catalog cache', () => {
  it('keeps a page until the product changes, then answers the new one', async () => {
    const url = `/product/${product._id}`;
    const first = await page(url);
    const again = await page(url, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);

    const renamed = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/products/${product._id}`,
      headers: asBearer(seller),
      payload: { name: 'Aurora Phone 2', stock: 0 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await page(url, { 'if-none-match': String(first.headers.etag) });
    expect(after.statusCode).toBe(200);
    const head = headOf(after.body);
    expect(head.title).toBe('Aurora Phone 2 — Bazaar');
    expect(head.ofType('Product')!.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(pageDataOf(after.body)?.product).toMatchObject({ name: 'Aurora Phone 2', stock: 0 });
  });

  it('answers a seller’s new name on their page', async () => {
    expect(headOf((await page(`/seller/${seller.handle}`)).body).title).toBe(`${seller.name} — Bazaar`);
    const renamed = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/users/${encodeURIComponent(seller.email)}`,
      headers: asBearer(seller),
      payload: { name: 'Olive Renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(headOf((await page(`/seller/${seller.handle}`)).body).title).toBe('Olive Renamed — Bazaar');
  });
});

describe('the first answers in the search and seller pages', () => {
  it('a seller’s page carries the seller and their first products as the API answers them, and fetches the first pictures', async () => {
    const response = await page(`/seller/${seller.handle}`);
    expect(response.statusCode).toBe(200);
    const data = pageDataOf(response.body);
    const sellerAnswer = await page(`/api/sellers/${seller.handle}`);
    expect(data?.seller).toEqual(sellerAnswer.json());
    const first = await apiFirstPage({ seller: seller.handle, sort: 'newest' });
    expect(first.items.length).toBeGreaterThan(0);
    expect(data?.products).toEqual({ filter: { seller: seller.handle, sort: 'newest' }, ...first });
    // The first cards' pictures, as the cards show them (these are not uploads: no widths to choose from).
    expect(preloadsOf(response.body).images).toEqual(
      first.items
        .slice(0, LEAD_CARD_PICTURES)
        .map((item) => `<link rel="preload" as="image" href="${item.mainImage.url}" fetchpriority="high" />`),
    );
    expect(response.body).not.toContain(seller.email);
  });

  it('a seller’s page with a filter or a sort chosen carries the seller only: its list is not the first one', async () => {
    for (const url of [
      `/seller/${seller.handle}?sort=price_asc`,
      `/seller/${seller.handle}?brand=Novaline`,
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(pageDataOf(response.body), url).toEqual({
        seller: (await page(`/api/sellers/${seller.handle}`)).json<unknown>(),
      });
      expect(preloadsOf(response.body).images, url).toEqual([]);
    }
  });

  it('a search page carries its first results as the API answers the same words, by relevance', async () => {
    const response = await page('/search?q=aurora');
    const data = pageDataOf(response.body);
    const first = await apiFirstPage({ q: 'aurora', sort: 'relevance' });
    // The phone (renamed by an earlier test) is among them.
    expect(first.items.some((item) => item.name.startsWith('Aurora Phone'))).toBe(true);
    expect(data).toEqual({ products: { filter: { q: 'aurora', sort: 'relevance' }, ...first } });
    expect(preloadsOf(response.body).images).toHaveLength(Math.min(LEAD_CARD_PICTURES, first.items.length));
    // No words: every product, newest first.
    expect(pageDataOf((await page('/search')).body)?.products).toEqual({
      filter: { sort: 'newest' },
      ...(await apiFirstPage({ sort: 'newest' })),
    });
    // Any other choice in the URL, or words the search box could not send: the app asks for its own list.
    for (const url of [
      '/search?q=aurora&sort=price_asc',
      '/search?q=aurora&in_stock=true',
      '/search?q=lamp&q=kettle',
    ]) {
      const other = await page(url);
      expect(pageDataOf(other.body), url).toBeUndefined();
      expect(preloadsOf(other.body).images, url).toEqual([]);
    }
    expect(pageDataOf((await page(`/search?q=${'a'.repeat(101)}`)).body)).toBeUndefined();
  });

  it('the card pictures’ preloads name the widths and sizes the cards use', async () => {
    const upload = `${TEST_PUBLIC_URL}/media/0b5f7a4e-8d0c-4a49-9f55-0f3f3c8e2a11/1280.webp`;
    await insertProducts(testApp.database.db, [
      productRow({ name: 'Uploaded Zebracorn', mainImageUrl: upload, sellerId: seller.id }),
    ]);
    const [preload] = preloadsOf((await page('/search?q=zebracorn')).body).images;
    expect(preload).toContain(
      `imagesrcset="${TEST_PUBLIC_URL}/media/0b5f7a4e-8d0c-4a49-9f55-0f3f3c8e2a11/320.webp 320w`,
    );
    expect(preload).toContain(`imagesizes="${CARD_PICTURE_SIZES}"`);
  });

  it('escapes what sellers wrote: the data block holds it as JSON that no payload can close', async () => {
    await insertProducts(testApp.database.db, [
      productRow({
        name: `Quokkabrand ${HOSTILE_NAME}`,
        description: HOSTILE_TEXT,
        brand: HOSTILE_NAME,
        mainImageUrl: 'https://cdn.example/q.png?"><script>alert(3)</script>',
        categories: [HOSTILE_NAME],
        // A seller whose page no test has opened yet: written straight into the database, the product does not
        // empty the pages kept before.
        sellerId: cast.stranger.id,
      }),
    ]);
    for (const url of ['/search?q=quokkabrand', `/seller/${cast.stranger.handle}`]) {
      const response = await page(url);
      // The entry script and the data block: nothing the seller wrote opened another.
      expect(response.body.match(/<script/gi), url).toHaveLength(2);
      expect(response.body, url).not.toMatch(/<\/script><script>|<img|alert\(3\)<|\u2028|<!--|<\/SCRIPT/);
      const hostile = pageDataOf(response.body)?.products?.items.find((item) => item.brand === HOSTILE_NAME);
      expect(hostile, url).toMatchObject({ name: `Quokkabrand ${HOSTILE_NAME}`, description: HOSTILE_TEXT });
    }
  });

  it('the pages are kept with the catalog’s answers and emptied by the same writes', async () => {
    const urls = [`/seller/${seller.handle}`, '/search?q=aurora'];
    const before = await Promise.all(urls.map((url) => page(url)));
    for (const [index, url] of urls.entries()) {
      const again = await page(url, { 'if-none-match': String(before[index]!.headers.etag) });
      expect(again.statusCode, url).toBe(304);
    }
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: asBearer(seller),
      payload: {
        name: 'Aurora Charger',
        price: 25,
        description: 'Charges the Aurora phone.',
        mainImage: { url: '/images/products/aurora-charger.svg', alt: 'Aurora Charger' },
        categories: ['phones'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const [index, url] of urls.entries()) {
      const after = await page(url, { 'if-none-match': String(before[index]!.headers.etag) });
      expect(after.statusCode, url).toBe(200);
      const names = pageDataOf(after.body)?.products?.items.map((item) => item.name);
      expect(names, url).toContain('Aurora Charger');
    }
  });
});
