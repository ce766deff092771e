import { beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '@bazaar/shared/categories';
import { categories } from '../../db/schema.ts';
import { useTestApp, TEST_PUBLIC_URL } from '../../test/test-app.ts';

const testApp = useTestApp();
const names = ['Watches', 'Books', 'Phones', 'Home & Kitchen', 'Toys'];

beforeAll(async () => {
  await testApp.database.db
    .insert(categories)
    .values(names.map((name) => ({ name, imageUrl: `/images/categories/${name.toLowerCase()}.svg` })));
});

async function list(query = '') {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/categories${query}` });
  return { response, body: response.json<Category[]>() };
}

describe('GET /api/categories', () => {
  it('answers every category by name with the spec field names', async () => {
    const { response, body } = await list();
    expect(response.statusCode).toBe(200);
    expect(body.map((category) => category.categoryName)).toEqual([...names].sort());
    expect(body[0]).toEqual({
      _id: expect.any(String) as string,
      categoryName: 'Books',
      img: `${TEST_PUBLIC_URL}/images/categories/books.svg`,
    });
  });

  it('limits the answer', async () => {
    expect((await list('?limit=2')).body.map((category) => category.categoryName)).toEqual([
      'Books',
      'Home & Kitchen',
    ]);
  });

  it('shuffles on sort=random while keeping every category once', async () => {
    const { body } = await list('?sort=random');
    expect(body.map((category) => category.categoryName).sort()).toEqual([...names].sort());
    expect((await list('?sort=random&limit=3')).body).toHaveLength(3);
  });

  it.each(['limit=0', 'limit=101', 'limit=x', 'sort=popular', 'page=2'])(
    'rejects %s with 400',
    async (query) => {
      const { response } = await list(`?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    },
  );
});
