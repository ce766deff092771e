import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../../lib/api-client.ts';
import { invalidate, queryKeys } from '../../../../lib/query-keys.ts';

/**
 * Deletes a product: a page or cart still showing it reads it again (and learns it is gone), the lists, the
 * seller's figures and page are read again. Resolves once the lists on screen are fresh, so that a deleted card leaves
 * as its toast appears.
 */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      sendJson<{ deletedCount: 1 }>('DELETE', `/api/products/${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) =>
      invalidate(queryClient, [
        queryKeys.products.detail(id),
        queryKeys.products.lists,
        queryKeys.overview,
        queryKeys.sellers.all,
      ]),
  });
}
