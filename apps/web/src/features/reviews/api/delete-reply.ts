import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@bazaar/shared/reviews';
import { sendJson } from '../../../lib/api-client.ts';
import { invalidate } from '../../../lib/query-keys.ts';
import { REPLY_STALE } from '../review-stale.ts';

/** The seller takes their reply away; the review waits for a reply again. */
export function useDeleteReply(productId: string, reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      sendJson<Review>(
        'DELETE',
        `/api/products/${encodeURIComponent(productId)}/reviews/${encodeURIComponent(reviewId)}/reply`,
      ),
    onSuccess: () => invalidate(queryClient, REPLY_STALE),
  });
}
