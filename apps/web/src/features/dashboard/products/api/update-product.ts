import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductUpdate } from '@bazaar/shared/products';
import { sendJson } from '../../../../lib/api-client.ts';
import { keepSavedProduct } from './keep-saved-product.ts';
import { invalidate, queryKeys } from '../../../../lib/query-keys.ts';

/**
 * Changes a product: its own query and the cached lists showing it take the server's answer; the lists and the
 * seller's figures (their categories) are read again. Orders keep what was bought as it was then.
 */
export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProductUpdate) =>
      sendJson<Product>('PATCH', `/api/products/${encodeURIComponent(id)}`, changes),
    onSuccess: (saved) => {
      keepSavedProduct(queryClient, saved);
      return invalidate(queryClient, [queryKeys.products.lists, queryKeys.overview]);
    },
  });
}
