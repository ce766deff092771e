import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductCreate } from '@bazaar/shared/products';
import { sendJson } from '../../../../lib/api-client.ts';
import { refreshProducts } from './refresh-products.ts';

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: ProductCreate) => sendJson<Product>('POST', '/api/products', product),
    onSuccess: (saved) => refreshProducts(queryClient, saved._id, saved),
  });
}
