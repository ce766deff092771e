import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductUpdate } from '@bazaar/shared/products';
import { sendJson } from '../../../../lib/api-client.ts';
import { refreshProducts } from './refresh-products.ts';

export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProductUpdate) =>
      sendJson<Product>('PATCH', `/api/products/${encodeURIComponent(id)}`, changes),
    onSuccess: (saved) => refreshProducts(queryClient, id, saved),
  });
}
