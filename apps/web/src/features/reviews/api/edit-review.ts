import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewUpdate } from '@bazaar/shared/reviews';
import { sendJson } from '../../../lib/api-client.ts';
import { invalidate } from '../../../lib/query-keys.ts';
import { REVIEW_FIGURES_STALE } from '../review-stale.ts';

/** The writer changes their review's stars or words; it shows as edited, and the product's stars follow. */
export function useEditReview(productId: string, reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ReviewUpdate) =>
      sendJson<Review>(
        'PATCH',
        `/api/products/${encodeURIComponent(productId)}/reviews/${encodeURIComponent(reviewId)}`,
        update,
      ),
    onSuccess: () => invalidate(queryClient, REVIEW_FIGURES_STALE),
  });
}
