import type { QueryClient } from '@tanstack/react-query';
import type { Product } from '@bazaar/shared/products';
import { productQuery } from '../../../../lib/product-query.ts';
import { OVERVIEW_QUERY_KEY } from '../../overview/api/get-overview.ts';

/**
 * After a product write: the product's own query takes the server's answer (or refetches where a page still
 * shows a deleted product), and every product list — storefront blocks, pages, search — is refetched where
 * it is on screen and marked stale elsewhere, like the overview's figures. Resolves when the lists on screen are fresh, so that a deleted
 * card leaves as its toast appears.
 */
export async function refreshProducts(queryClient: QueryClient, id: string, saved?: Product): Promise<void> {
  const { queryKey } = productQuery(id);
  if (saved) queryClient.setQueryData(queryKey, saved);
  else void queryClient.invalidateQueries({ queryKey });
  void queryClient.invalidateQueries({ queryKey: OVERVIEW_QUERY_KEY });
  await queryClient.invalidateQueries({ queryKey: ['products'] });
}
