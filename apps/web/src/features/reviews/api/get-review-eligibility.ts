import { useQuery } from '@tanstack/react-query';
import type { ReviewEligibility } from '@bazaar/shared/reviews';
import { getJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Whether the signed-in viewer has a delivered purchase of the product left to review; asked only when signed in. */
export function useReviewEligibility(productId: string, signedIn: boolean) {
  return useQuery({
    queryKey: queryKeys.reviews.eligibility(productId),
    queryFn: ({ signal }) =>
      getJson<ReviewEligibility>(
        `/api/products/${encodeURIComponent(productId)}/reviews/eligibility`,
        {},
        { signal },
      ),
    enabled: signedIn,
  });
}
