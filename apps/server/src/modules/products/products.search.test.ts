import { beforeAll, describe, expect, it } from 'vitest';
import { PRICE_MAX, type Product } from '@bazaar/shared/products';
import { users } from '../../db/schema.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

const testApp = useTestApp();

const OTHER_SELLER = {
  id: 'other-seller',
  name: 'Other Seller',
  email: 'other@bazaar.test',
  handle: 'other-seller',
};

// Listed oldest first: a later row is newer, so that ranking is seen to beat recency where it must.
const catalog = [
  productRow({ name: 'Non-Stick Pan', categories: ['kitchen'], priceCents: 2200 }),
  productRow({ name: 'Aurora Kettle', brand: 'Zenith', categories: ['kitchen'], priceCents: 4000 }),
  productRow({ name: 'Steel Kettle', brand: 'Aurora', categories: ['kitchen'], priceCents: 3000 }),
  productRow({ name: 'Desk Lamp', categories: ['home'], priceCents: 2500, ratings: 3.5 }),
  productRow({ name: 'Lampshade Classic', categories: ['home'], priceCents: 1500, ratings: 4.8 }),
  productRow({ name: 'Gaming Mouse', brand: 'Clicker', categories: ['computers'], priceCents: 5000 }),
  productRow({ name: 'Gaming Moose Plush', brand: 'Toyland', categories: ['toys'], priceCents: 2000 }),
  productRow({ name: 'Wireless Headphones', brand: 'Sonic', categories: ['audio'], priceCents: 10000 }),
  productRow({ name: 'Headphones Wireless Pro', brand: 'Sonic', categories: ['audio'], priceCents: 20000 }),
  productRow({
    name: 'Studio Headphones',
    brand: 'Sonic',
    categories: ['audio'],
    priceCents: 8000,
    discount: 50,
    stock: 0,
  }),
  productRow({
    name: 'Café Crème Mug',
    brand: 'Bistrô',
    categories: ['kitchen'],
    priceCents: 1200,
    stock: 3,
  }),
  productRow({
    name: 'Cafe au lait bowl',
    brand: 'Bistro',
    categories: ['kitchen'],
    priceCents: 1800,
    flashSale: true,
    sellerId: OTHER_SELLER.id,
  }),
  productRow({ name: 'Smartphones Case', categories: ['phones'], priceCents: 900, ratings: 2 }),
];

beforeAll(async () => {
  await testApp.database.db.insert(users).values(OTHER_SELLER);
  await insertProducts(testApp.database.db, catalog);
});

async function names(query: string): Promise<string[]> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<Product[]>();
  if (!query.includes('limit=')) expect(Number(response.headers['x-total-count'])).toBe(body.length);
  return body.map((product) => product.name);
}

const search = (q: string, more = '') => names(`q=${encodeURIComponent(q)}${more}`);

describe('matching the words typed', () => {
  it('finds every product having all the words, in any order', async () => {
    const both = ['Headphones Wireless Pro', 'Wireless Headphones'];
    expect((await search('wireless headphones')).sort()).toEqual(both);
    expect((await search('headphones wireless')).sort()).toEqual(both);
    expect(await search('aurora lamp')).toEqual([]);
  });

  it('takes the last word as a prefix, and only the last', async () => {
    expect((await search('wireless headph')).sort()).toEqual([
      'Headphones Wireless Pro',
      'Wireless Headphones',
    ]);
    expect(await search('headph wireless')).toEqual([]);
    expect(await search('gam')).toEqual(['Gaming Moose Plush', 'Gaming Mouse']);
  });

  it('takes a hyphenated last word as a prefix while it is typed, and its parts as words', async () => {
    for (const typed of [
      'non-',
      'Non-S',
      'non-st',
      'non-stic',
      'NON-STICK',
      'non-stick pan',
      'pan non-st',
      'stick',
    ]) {
      expect(await search(typed), typed).toEqual(['Non-Stick Pan']);
    }
    expect(await search('non-st kettle')).toEqual([]);
  });

  it('finds a word inside a longer one, as the header search always did', async () => {
    expect(await search('phones case')).toEqual(['Smartphones Case']);
    expect((await search('phones')).sort()).toEqual([
      'Headphones Wireless Pro',
      'Smartphones Case',
      'Studio Headphones',
      'Wireless Headphones',
    ]);
  });

  it('ignores case and accents, in what is typed and in what is stored', async () => {
    const cafes = ['Cafe au lait bowl', 'Café Crème Mug'];
    expect((await search('cafe')).sort()).toEqual(cafes);
    expect((await search('CAFÉ')).sort()).toEqual(cafes);
    expect(await search('creme mug')).toEqual(['Café Crème Mug']);
    expect(await search('MUG CRÈME')).toEqual(['Café Crème Mug']);
  });

  it('forgives one typo in a word of five letters or more, not in a shorter one', async () => {
    expect((await search('hedphones')).sort()).toEqual([
      'Headphones Wireless Pro',
      'Studio Headphones',
      'Wireless Headphones',
    ]);
    expect((await search('wirelss headphones')).sort()).toEqual([
      'Headphones Wireless Pro',
      'Wireless Headphones',
    ]);
    expect(await search('stuido headphones')).toEqual([]); // two edits: a swap is not one typo
    expect(await search('lamb desk')).toEqual([]);
  });

  it('matches brands and categories, ranked below names', async () => {
    expect(await search('aurora kettle')).toEqual(['Aurora Kettle', 'Steel Kettle']);
    expect(await search('kitchen mug')).toEqual(['Café Crème Mug']);
    expect(await search('bistro')).toEqual(['Cafe au lait bowl', 'Café Crème Mug']);
  });

  it('answers nothing, not everything, for a text without words', async () => {
    expect(await search('%_ -')).toEqual([]);
  });
});

describe('ranking by relevance (the default with a search)', () => {
  it('puts whole words before prefixes, however new the prefix match', async () => {
    expect(await search('lamp')).toEqual(['Desk Lamp', 'Lampshade Classic']);
  });

  it('puts the word as typed before a typo of it', async () => {
    expect(await search('gaming mouse')).toEqual(['Gaming Mouse', 'Gaming Moose Plush']);
  });

  it('orders equal matches newest first, and follows another sort when asked', async () => {
    expect(await search('headphones')).toEqual([
      'Studio Headphones',
      'Headphones Wireless Pro',
      'Wireless Headphones',
    ]);
    expect(await search('lamp', '&sort=newest')).toEqual(['Lampshade Classic', 'Desk Lamp']);
    expect(await search('lamp', '&sort=relevance')).toEqual(['Desk Lamp', 'Lampshade Classic']);
    // Without a search, relevance is newest first.
    expect(await names('sort=relevance&limit=100')).toEqual(await names('sort=newest&limit=100'));
    expect((await names('sort=relevance&limit=1'))[0]).toBe('Smartphones Case');
  });
});

describe('filters, alone and with a search', () => {
  it('filters by one brand or several', async () => {
    expect(await names('brand=Sonic&sort=price_asc')).toEqual([
      'Studio Headphones',
      'Wireless Headphones',
      'Headphones Wireless Pro',
    ]);
    expect((await names('brand=Aurora&brand=Zenith')).sort()).toEqual(['Aurora Kettle', 'Steel Kettle']);
    expect(await names('brand=sonic')).toEqual([]);
    expect(await names('q=kettle&brand=Aurora')).toEqual(['Steel Kettle']);
    expect((await names('brand=&limit=100')).length).toBe(catalog.length);
  });

  it('filters by seller', async () => {
    expect(await names('seller=other-seller')).toEqual(['Cafe au lait bowl']);
    expect(await names('seller=other-seller&q=mug')).toEqual([]);
  });

  it('bounds the discounted price in dollars, both bounds included', async () => {
    // Studio Headphones: $80.00 at 50% off, $40.00.
    expect(await names('price_min=40&price_max=40')).toEqual(['Studio Headphones', 'Aurora Kettle']);
    expect(await names('q=headphones&price_max=100&sort=price_desc')).toEqual([
      'Wireless Headphones',
      'Studio Headphones',
    ]);
    expect(await names('price_min=150.5')).toEqual(['Headphones Wireless Pro']);
    expect(await names('price_max=9.00')).toEqual(['Smartphones Case']);
  });

  it('keeps products rated at least rating_min', async () => {
    expect(await names('rating_min=4.5')).toEqual(['Lampshade Classic']);
    expect(await names('q=lamp&rating_min=3.5')).toEqual(['Desk Lamp', 'Lampshade Classic']);
    expect((await names('rating_min=0&limit=100')).length).toBe(catalog.length);
  });

  it('keeps products in stock, counting untracked stock as in stock', async () => {
    const inStock = await names('in_stock=true&q=headphones');
    expect(inStock.sort()).toEqual(['Headphones Wireless Pro', 'Wireless Headphones']);
    expect(await names('in_stock=true&q=mug')).toEqual(['Café Crème Mug']);
  });

  it('filters flash sales with the others', async () => {
    expect(await names('flash_sale=true&q=cafe')).toEqual(['Cafe au lait bowl']);
    expect(await names('flash_sale=false&q=cafe&category=kitchen')).toEqual(['Café Crème Mug']);
    expect(await names('flash_sale=true&brand=Bistro&price_max=18&in_stock=true&rating_min=4')).toEqual([
      'Cafe au lait bowl',
    ]);
    expect(await names('flash_sale=true&brand=Bistro&price_max=17.99')).toEqual([]);
  });
});

describe('sorts', () => {
  it('sorts by discounted price, both ways, and by rating', async () => {
    const byPrice = await names('limit=100&sort=price_asc');
    expect(byPrice.slice(0, 3)).toEqual(['Smartphones Case', 'Café Crème Mug', 'Lampshade Classic']);
    expect(await names('limit=100&sort=price_desc')).toEqual([...byPrice].reverse());
    const byRating = await names('limit=3&sort=rating');
    expect(byRating[0]).toBe('Lampshade Classic');
    expect((await names('limit=100&sort=rating')).at(-1)).toBe('Smartphones Case');
  });

  it('pages a sort without gaps or overlaps', async () => {
    const all = await names('limit=100&sort=price_asc');
    const pages = await Promise.all(
      [0, 5, 10].map((offset) => names(`limit=5&offset=${offset}&sort=price_asc`)),
    );
    expect(pages.flat()).toEqual(all);
  });
});

describe('bad filter values', () => {
  it.each([
    [`brand=${'x'.repeat(101)}`, 'brand'],
    [Array.from({ length: 21 }, (_, i) => `brand=b${i}`).join('&'), 'brand'],
    ['price_min=-1', 'price_min'],
    ['price_min=abc', 'price_min'],
    ['price_max=1.001', 'price_max'],
    ['price_max=1e3', 'price_max'],
    ['price_min=20&price_max=10', 'price_min'],
    ['rating_min=6', 'rating_min'],
    ['rating_min=-0.5', 'rating_min'],
    ['rating_min=four', 'rating_min'],
    ['in_stock=false', 'in_stock'],
    ['in_stock=1', 'in_stock'],
    ['sort=price', 'sort'],
    ['sort=RELEVANCE', 'sort'],
  ])('refuses %s with a 400 naming the parameter', async (query, parameter) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/products?${query}` });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ error: string; message: string; details: { path: string }[] }>();
    expect(body.error).toBe('VALIDATION_ERROR');
    expect(body.message).toContain(parameter);
  });
});

describe('the dearest product there can be', () => {
  it('is filtered and sorted by its discounted price without overflow', async () => {
    await insertProducts(testApp.database.db, [
      productRow({ name: 'Golden Yacht', priceCents: PRICE_MAX * 100, discount: 1 }),
    ]);
    // $1,000,000 at 1% off: $990,000.
    expect(await names('price_min=990000&price_max=990000')).toEqual(['Golden Yacht']);
    expect((await names('sort=price_desc&limit=1'))[0]).toBe('Golden Yacht');
  });
});
