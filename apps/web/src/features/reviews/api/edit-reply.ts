import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewReplyCreate } from '@bazaar/shared/reviews';
import { sendJson } from '../../../lib/api-client.ts';
import { invalidate } from '../../../lib/query-keys.ts';
import { REPLY_STALE } from '../review-stale.ts';

/** The seller rewrites their reply; it shows as edited. */
export function useEditReply(productId: string, reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: ReviewReplyCreate) =>
      sendJson<Review>(
        'PATCH',
        `/api/products/${encodeURIComponent(productId)}/reviews/${encodeURIComponent(reviewId)}/reply`,
        reply,
      ),
    onSuccess: () => invalidate(queryClient, REPLY_STALE),
  });
}
