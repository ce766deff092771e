import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewCreate } from '@bazaar/shared/reviews';
import { sendJson } from '../../../lib/api-client.ts';
import { invalidate } from '../../../lib/query-keys.ts';
import { REVIEW_FIGURES_STALE } from '../review-stale.ts';

/**
 * Reviews a product the viewer received. The review joins the list; the product's stars and count (on its page,
 * in lists) and its seller's average rating change with it.
 */
export function useCreateReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewCreate) =>
      sendJson<Review>('POST', `/api/products/${encodeURIComponent(productId)}/reviews`, review),
    onSuccess: () => invalidate(queryClient, REVIEW_FIGURES_STALE),
  });
}
