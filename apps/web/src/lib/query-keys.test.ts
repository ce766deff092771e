import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidate, queryKeys } from './query-keys.ts';

const everyKey: QueryKey[] = [
  queryKeys.session,
  queryKeys.config,
  queryKeys.categories.list({ sort: 'name' }),
  queryKeys.products.list({ flash_sale: true }),
  queryKeys.products.pages({ category: 'lamps' }),
  queryKeys.products.search('lamp'),
  queryKeys.products.facets({ category: 'lamps' }),
  queryKeys.products.detail('p1'),
  queryKeys.sellers.detail('bea'),
  queryKeys.reviews.pages('p1'),
  queryKeys.reviews.eligibility('p1'),
  queryKeys.reviews.pages('p2'),
  queryKeys.orders.pages,
  queryKeys.sales.list('shipped'),
  queryKeys.sales.ofCustomer('bea'),
  queryKeys.overview,
  queryKeys.users.profile('bea@example.com'),
  queryKeys.users.customers,
];

/** The keys a mutation invalidating `parents` leaves stale, in a cache holding an answer under every key. */
async function staleAfter(parents: QueryKey[]): Promise<QueryKey[]> {
  const queryClient = new QueryClient();
  for (const key of everyKey) queryClient.setQueryData(key, 'answer');
  await invalidate(queryClient, parents);
  return everyKey.filter((key) => queryClient.getQueryState(key)?.isInvalidated);
}

describe('the query keys', () => {
  it('reach every product answer from products.all, and the lists alone from products.lists', async () => {
    expect(await staleAfter([queryKeys.products.all])).toEqual([
      queryKeys.products.list({ flash_sale: true }),
      queryKeys.products.pages({ category: 'lamps' }),
      queryKeys.products.search('lamp'),
      queryKeys.products.facets({ category: 'lamps' }),
      queryKeys.products.detail('p1'),
    ]);
    expect(await staleAfter([queryKeys.products.lists])).not.toContainEqual(queryKeys.products.detail('p1'));
  });

  it("reach one product's reviews and the viewer's eligibility from reviews.ofProduct, and no other product's", async () => {
    expect(await staleAfter([queryKeys.reviews.ofProduct('p1')])).toEqual([
      queryKeys.reviews.pages('p1'),
      queryKeys.reviews.eligibility('p1'),
    ]);
  });

  it('reach profiles and the customers list from users.all, and the sales lists (by status, by customer) from sales.all', async () => {
    expect(await staleAfter([queryKeys.users.all, queryKeys.sales.all])).toEqual([
      queryKeys.sales.list('shipped'),
      queryKeys.sales.ofCustomer('bea'),
      queryKeys.users.profile('bea@example.com'),
      queryKeys.users.customers,
    ]);
  });

  it("reach sellers' pages from sellers.all alone", async () => {
    expect(await staleAfter([queryKeys.sellers.all])).toEqual([queryKeys.sellers.detail('bea')]);
  });

  it('keep a list and a paged list of the same filter apart: their answers have different shapes', () => {
    expect(queryKeys.products.list({ sort: 'newest' })).not.toEqual(
      queryKeys.products.pages({ sort: 'newest' }),
    );
  });
});
