import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductCreate } from '@bazaar/shared/products';
import { sendJson } from '../../../../lib/api-client.ts';
import { productQuery } from '../../../../lib/product-query.ts';
import { invalidate, queryKeys } from '../../../../lib/query-keys.ts';

/** Adds a product; it joins the product lists, the seller's figures (products, categories) and page. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: ProductCreate) => sendJson<Product>('POST', '/api/products', product),
    onSuccess: (saved) => {
      queryClient.setQueryData(productQuery(saved._id).queryKey, saved);
      return invalidate(queryClient, [queryKeys.products.lists, queryKeys.overview, queryKeys.sellers.all]);
    },
  });
}
