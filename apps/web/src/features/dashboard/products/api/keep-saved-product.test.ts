import { QueryClient } from '@tanstack/react-query';
import type { Product } from '@bazaar/shared/products';
import { describe, expect, it } from 'vitest';
import { keepSavedProduct } from './keep-saved-product.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';

const product = (id: string, name: string) => ({ _id: id, name }) as Product;

describe('keepSavedProduct', () => {
  it('puts the saved product in place of its old copy in every cached list, and leaves the rest alone', () => {
    const queryClient = new QueryClient();
    const old = product('p1', 'Kettle');
    const other = product('p2', 'Lamp');
    const facets = { total: 2, categories: [], brands: [], ratings: [], prices: [], in_stock: 2 };
    queryClient.setQueryData(queryKeys.products.list({ flash_sale: true }), [other, old]);
    queryClient.setQueryData(queryKeys.products.search('ket'), { items: [old], total: 1, capped: false });
    queryClient.setQueryData(queryKeys.products.pages({ seller: 'bea' }), {
      pages: [
        { items: [other], total: 2, capped: false },
        { items: [old], total: 2, capped: false },
      ],
      pageParams: [0, 1],
    });
    queryClient.setQueryData(queryKeys.products.facets({ q: 'ket' }), facets);

    const saved = product('p1', 'Renamed Kettle');
    keepSavedProduct(queryClient, saved);

    expect(queryClient.getQueryData(queryKeys.products.detail('p1'))).toEqual(saved);
    expect(queryClient.getQueryData(queryKeys.products.list({ flash_sale: true }))).toEqual([other, saved]);
    expect(queryClient.getQueryData(queryKeys.products.search('ket'))).toEqual({
      items: [saved],
      total: 1,
      capped: false,
    });
    expect(queryClient.getQueryData(queryKeys.products.pages({ seller: 'bea' }))).toEqual({
      pages: [
        { items: [other], total: 2, capped: false },
        { items: [saved], total: 2, capped: false },
      ],
      pageParams: [0, 1],
    });
    expect(queryClient.getQueryData(queryKeys.products.facets({ q: 'ket' }))).toEqual(facets);
  });
});
