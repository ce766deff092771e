import type { AdminReview } from '@bazaar/shared/reviews';
import { usePagedList } from '../../../../lib/paging.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';

const MODERATION_PAGE_SIZE = 20;

/** Every review for an admin, newest first, hidden ones too; `flagged` keeps those sharing a sign-up address. */
export function useModeratedReviews(flagged: boolean) {
  return usePagedList<AdminReview>({
    queryKey: queryKeys.reviews.moderation(flagged),
    path: '/api/reviews',
    params: flagged ? { flagged: 'true' } : {},
    pageSize: MODERATION_PAGE_SIZE,
  });
}
