import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@bazaar/shared/products';
import { asBearer, signUp, type TestAccount } from '../../test/accounts.ts';
import { useTestApp } from '../../test/test-app.ts';

const testApp = useTestApp();
let seller: TestAccount;

beforeAll(async () => {
  seller = await signUp(testApp.app, 'racing-seller@bazaar.test');
});

/** Edit number `i`: every field it sets names `i`, so a record mixing two edits shows two numbers. */
function variant(i: number) {
  return {
    name: `Variant ${i}`,
    price: 10 + i,
    description: `Description of variant ${i}`,
    discount: i % 100,
    brand: `Brand ${i}`,
    features: [`feature ${i}`],
    colors: [`colour-${i}`],
    categories: [`category-${i}`],
    shipping_details: { estimated_delivery: `${i} days` },
  };
}

/** What the API shows of a product saved as variant `i`. */
function expectWholeVariant(product: Product, i: number) {
  const { shipping_details, ...fields } = variant(i);
  expect(product).toMatchObject({ ...fields, shipping_details });
}

/** The number in the product's name, that is, the variant the record claims to be. */
const variantNumber = (product: Product) => Number(/^Variant (\d+)$/.exec(product.name)?.[1]);

async function createProduct(): Promise<Product> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: asBearer(seller),
    payload: { name: 'Contested lamp', price: 5 },
  });
  expect(response.statusCode).toBe(201);
  return response.json<Product>();
}

const edit = (id: string, i: number) =>
  testApp.app.inject({
    method: 'PATCH',
    url: `/api/products/${id}`,
    headers: asBearer(seller),
    payload: variant(i),
  });

const read = (id: string) => testApp.app.inject({ method: 'GET', url: `/api/products/${id}` });

describe('concurrent writes to one product', () => {
  it('50 simultaneous edits leave exactly one whole edit, never a mix', async () => {
    const { _id: id } = await createProduct();
    const indexes = Array.from({ length: 50 }, (_, i) => i + 1);
    const answers = await Promise.all(indexes.map((i) => edit(id, i)));
    answers.forEach((answer, n) => {
      expect(answer.statusCode, answer.body).toBe(200);
      expectWholeVariant(answer.json<Product>(), indexes[n]!);
    });

    const stored = (await read(id)).json<Product>();
    const winner = variantNumber(stored);
    expect(indexes).toContain(winner);
    expectWholeVariant(stored, winner);
  });

  it('edits racing a delete end with the product deleted; each edit was whole or refused with 404', async () => {
    const { _id: id } = await createProduct();
    const indexes = Array.from({ length: 30 }, (_, i) => i + 1);
    const remove = testApp.app.inject({
      method: 'DELETE',
      url: `/api/products/${id}`,
      headers: asBearer(seller),
    });
    const [removed, ...answers] = await Promise.all([remove, ...indexes.map((i) => edit(id, i))]);

    expect(removed.statusCode, removed.body).toBe(200);
    answers.forEach((answer, n) => {
      if (answer.statusCode === 404) {
        expect(answer.json<{ error: string }>().error).toBe('NOT_FOUND');
      } else {
        expect(answer.statusCode, answer.body).toBe(200);
        expectWholeVariant(answer.json<Product>(), indexes[n]!);
      }
    });
    expect((await read(id)).statusCode).toBe(404);
  });
});
