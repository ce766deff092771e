import type { SellerReview } from '@bazaar/shared/reviews';
import { usePagedList } from '../../../../lib/paging.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';

const SELLER_REVIEWS_PAGE_SIZE = 20;

/** The reviews of the viewer's products, those waiting for a reply first, then newest first. */
export function useSellerReviews() {
  return usePagedList<SellerReview>({
    queryKey: queryKeys.reviews.ofSeller,
    path: '/api/sales/reviews',
    pageSize: SELLER_REVIEWS_PAGE_SIZE,
  });
}
