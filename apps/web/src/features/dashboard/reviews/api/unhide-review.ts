import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReview } from '@bazaar/shared/reviews';
import { sendJson } from '../../../../lib/api-client.ts';
import { invalidate } from '../../../../lib/query-keys.ts';
import { MODERATION_STALE } from './hide-review.ts';

/** An admin shows a hidden review again: it is back on the product's page and in its rating. */
export function useUnhideReview(review: AdminReview) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      sendJson<AdminReview>(
        'POST',
        `/api/products/${encodeURIComponent(review.product._id)}/reviews/${encodeURIComponent(review._id)}/unhide`,
      ),
    onSuccess: () => invalidate(queryClient, MODERATION_STALE),
  });
}
