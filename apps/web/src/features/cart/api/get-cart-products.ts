import { useQueries } from '@tanstack/react-query';
import type { Product } from '@bazaar/shared/products';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { productQuery } from '../../../lib/product-query.ts';

/** One cart line as the server knows it now. */
export type CartProduct =
  | { status: 'pending'; productId: string }
  | { status: 'success'; productId: string; product: Product }
  | { status: 'error'; productId: string; retry: () => void }
  /** The server answered 404: the product was deleted since it went into the cart. */
  | { status: 'missing'; productId: string };

/** The products of the cart's lines, one cached request per product (a cart holds a few). */
export function useCartProducts(productIds: readonly string[]): CartProduct[] {
  return useQueries({
    // The product page's query: a product just viewed comes from the cache.
    queries: productIds.map((productId) => productQuery(productId)),
    combine: (results) =>
      results.map((result, index): CartProduct => {
        const productId = productIds[index] ?? '';
        if (result.error instanceof ApiRequestError && result.error.status === 404)
          return { status: 'missing', productId };
        if (result.data) return { status: 'success', productId, product: result.data };
        if (result.error) return { status: 'error', productId, retry: () => void result.refetch() };
        return { status: 'pending', productId };
      }),
  });
}
