import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReview, ReviewHide } from '@bazaar/shared/reviews';
import { sendJson } from '../../../../lib/api-client.ts';
import { invalidate, queryKeys } from '../../../../lib/query-keys.ts';

/** What hiding or showing a review makes stale: the review lists, the product's figures, its seller's page. */
export const MODERATION_STALE = [queryKeys.reviews.all, queryKeys.products.all, queryKeys.sellers.all];

/** An admin hides a review with a reason: it leaves the product's page and rating. */
export function useHideReview(review: AdminReview) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewHide) =>
      sendJson<AdminReview>(
        'POST',
        `/api/products/${encodeURIComponent(review.product._id)}/reviews/${encodeURIComponent(review._id)}/hide`,
        input,
      ),
    onSuccess: () => invalidate(queryClient, MODERATION_STALE),
  });
}
