import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client.ts';
import { invalidate } from '../../../lib/query-keys.ts';
import { REVIEW_FIGURES_STALE } from '../review-stale.ts';

/** The writer deletes their review: it leaves the list and the product's stars, and the purchase may be reviewed again. */
export function useDeleteReview(productId: string, reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      sendJson<{ deletedCount: 1 }>(
        'DELETE',
        `/api/products/${encodeURIComponent(productId)}/reviews/${encodeURIComponent(reviewId)}`,
      ),
    onSuccess: () => invalidate(queryClient, REVIEW_FIGURES_STALE),
  });
}
