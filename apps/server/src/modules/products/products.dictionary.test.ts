import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@bazaar/shared/products';
import { queryRows } from '../../db/client.ts';
import { asBearer, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createProductsRepository } from './products.repository.ts';
import { TYPO_WORDS_MAX } from './product-search.ts';

const testApp = useTestApp();
let seller: TestAccount;

beforeAll(async () => {
  seller = await signUp(testApp.app, 'flooding-seller@bazaar.test');
  await insertProducts(testApp.database.db, [
    productRow({ name: 'Steel Kettle', brand: 'Zenith', categories: ['kitchen'] }),
    productRow({ name: 'Aurora Kettle', brand: 'Aurora', categories: ['kitchen'] }),
    productRow({ name: 'Wireless Headphones', brand: 'Sonic', categories: ['audio'] }),
    productRow({ name: 'Studio Headphones', brand: 'Sonic', categories: ['audio'] }),
    productRow({ name: 'Desk Lamp', categories: ['home'] }),
  ]);
});

/** A word nobody would type: eight random letters. */
const randomWord = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('');

/** The dictionary a search reads: each word with the number of products it says have it. */
const dictionary = () =>
  queryRows<{ word: string; products: number }>(
    testApp.database.db,
    sql`select word, products from search_words order by word`,
  );

/** Each word of the current products' search documents, with how many products have it. */
const productWords = () =>
  queryRows<{ word: string; products: number }>(
    testApp.database.db,
    sql`select word, count(*)::int as products
        from products, unnest(tsvector_to_array(search_document)) as word
        group by word order by word`,
  );

/** What a shopper sees of a search: the names, in order, and the count. */
async function searchFor(q: string) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/products?q=${encodeURIComponent(q)}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    names: response.json<Product[]>().map((product) => product.name),
    total: response.headers['x-total-count'],
  };
}

/** Searches by a word, a prefix, a typo and a word part, which all read the dictionary. */
const SEARCHES = ['kettle', 'headph', 'kettel', 'phones', 'sonic lamp', 'aurora'];
const searchAll = () => Promise.all(SEARCHES.map(searchFor));

describe('the dictionary of known words', () => {
  it('holds only the words some product has, however often a seller rewrites one product', async () => {
    const before = await searchAll();
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: asBearer(seller),
      payload: { name: 'Flood lamp', price: 5 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Product>()._id;

    // Each edit gives the product five words no product had; the dictionary used to keep them all.
    let last: string[] = [];
    for (let edit = 0; edit < 200; edit += 1) {
      last = [randomWord(), randomWord(), randomWord(), randomWord(), randomWord()];
      const response = await testApp.app.inject({
        method: 'PATCH',
        url: `/api/products/${id}`,
        headers: asBearer(seller),
        payload: { name: `${last[0]} ${last[1]} ${last[2]}`, brand: last[3], categories: [last[4]] },
      });
      expect(response.statusCode, response.body).toBe(200);
    }

    const words = await productWords();
    expect(await dictionary()).toEqual(words);
    expect(words.map((row) => row.word)).toEqual(expect.arrayContaining(last));
    expect(words.length).toBeLessThan(30);
    expect(await searchAll()).toEqual(before);
    // New words went into the trigram index itself: a pending list of them is read whole by every lookup.
    const [index] = await queryRows<{ options: string[] }>(
      testApp.database.db,
      sql`select reloptions as options from pg_class where relname = 'search_words_trgm_idx'`,
    );
    expect(index?.options).toEqual(['fastupdate=false']);

    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/products/${id}`,
      headers: asBearer(seller),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const left = await dictionary();
    expect(left).toEqual(await productWords());
    expect(left.map((row) => row.word)).not.toEqual(expect.arrayContaining([last[0]]));
    expect(await searchAll()).toEqual(before);
  });

  it('counts a word once per product, through statements that write many products at once', async () => {
    const db = testApp.database.db;
    await insertProducts(db, [
      productRow({ name: 'Shared Gadget one', categories: ['gadgets'] }),
      productRow({ name: 'Shared Gadget two', categories: ['gadgets'] }),
      productRow({ name: 'Shared Gadget three', categories: ['gadgets'] }),
    ]);
    expect(await dictionary()).toEqual(await productWords());
    expect((await dictionary()).find((row) => row.word === 'gadget')?.products).toBe(3);

    // One statement moving a word from some products to others, and one removing them all.
    await db.execute(sql`update products set name = case when name = 'Shared Gadget one' then 'Shared Widget one'
      else name || ' widget' end where name like 'Shared Gadget%'`);
    expect(await dictionary()).toEqual(await productWords());
    expect((await dictionary()).find((row) => row.word === 'widget')?.products).toBe(3);
    expect((await dictionary()).find((row) => row.word === 'gadget')?.products).toBe(2);

    await db.execute(sql`delete from products where name like 'Shared %'`);
    const left = await dictionary();
    expect(left).toEqual(await productWords());
    expect(left.map((row) => row.word)).not.toContain('gadget');
    expect(left.map((row) => row.word)).not.toContain('widget');
    expect(left.map((row) => row.word)).not.toContain('gadgets');
  });

  it('expands a typed word into at most TYPO_WORDS_MAX typos, those the most products have first', async () => {
    const db = testApp.database.db;
    // 25 known words one letter from "brake", and one of them in two products.
    const typos = [...'abcdfghijklmnopqrstuvwxyz'].map((letter) => `brak${letter}`);
    await insertProducts(db, [
      ...typos.map((word) => productRow({ name: `${word} pad`, categories: ['bikes'] })),
      productRow({ name: 'brakz cable', categories: ['bikes'] }),
    ]);
    const [typed] = await createProductsRepository(db).typedWords('brake');
    expect(typed?.typos).toHaveLength(TYPO_WORDS_MAX);
    expect(typed?.typos[0]).toBe('brakz');
    const answer = await searchFor('brake');
    expect(Number(answer.total)).toBe(TYPO_WORDS_MAX + 1);
    await db.execute(sql`delete from products where categories = array['bikes']`);
  });
});
