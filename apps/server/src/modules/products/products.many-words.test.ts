import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TEXT_MAX, type Product } from '@bazaar/shared/products';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

const testApp = useTestApp();

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/**
 * 63 distinct words in 99 characters: the parser makes three words of `a-b` (the pair and each part), and so of
 * `a1-b1`. More than a number (a double) holds as a mask of one bit per word, and more than a bigint's bits.
 */
const PAIRS = [
  ...Array.from({ length: 13 }, (_, pair) => `${LETTERS[2 * pair]}-${LETTERS[2 * pair + 1]}`),
  ...Array.from({ length: 8 }, (_, pair) => `${LETTERS[2 * pair]}1-${LETTERS[2 * pair + 1]}1`),
];
const NAME = PAIRS.join(' ');

beforeAll(async () => {
  await insertProducts(testApp.database.db, [
    productRow({ name: 'Steel Kettle', categories: ['kitchen'] }),
    productRow({ name: NAME, brand: null, categories: ['kitchen'] }),
    productRow({ name: 'Desk Lamp', categories: ['home'] }),
  ]);
});

async function list(q: string, sort: string): Promise<{ names: string[]; total: number }> {
  const url = `/api/products?q=${encodeURIComponent(q)}&sort=${sort}`;
  const response = await testApp.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return {
    names: response.json<Product[]>().map((product) => product.name),
    total: Number(response.headers['x-total-count']),
  };
}

describe('a search of as many distinct words as its text can hold', () => {
  it('is a text of the longest allowed', () => {
    expect(NAME.length).toBeLessThanOrEqual(SEARCH_TEXT_MAX);
  });

  it('finds the product by relevance as the other sorts do', async () => {
    const found = { names: [NAME], total: 1 };
    expect(await list(NAME, 'relevance')).toEqual(found);
    expect(await list(NAME, 'newest')).toEqual(found);
    const reordered = [...PAIRS].reverse().join(' ');
    expect(await list(reordered, 'relevance')).toEqual(found);
    expect(await list(reordered, 'price_asc')).toEqual(found);
  });
});

describe('the count of a search', () => {
  it("is each sort's own, whichever sort was asked first", async () => {
    // Relevance matches the postings, the other sorts the products' documents: a count one of them kept must not
    // answer for the other, as it did while relevance missed this product (the sorts share one count per text).
    // A text of its own for each pair of sorts, so that the first one asked counts it.
    for (const [dropped, sorts] of [
      [1, ['newest', 'relevance']],
      [2, ['relevance', 'rating']],
    ] as const) {
      const text = PAIRS.slice(dropped).join(' ');
      for (const sort of sorts) {
        const { names, total } = await list(text, sort);
        expect(total, `${sorts.join(' then ')}: ${sort}`).toBe(names.length);
      }
    }
  });
});
