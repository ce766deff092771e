import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../../lib/api-client.ts';
import { refreshProducts } from './refresh-products.ts';

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      sendJson<{ deletedCount: 1 }>('DELETE', `/api/products/${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) => refreshProducts(queryClient, id),
  });
}
