import type { Review } from '@bazaar/shared/reviews';
import { usePagedList } from '../../../lib/paging.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const REVIEWS_PAGE_SIZE = 10;

/** A product's reviews, newest first, a page at a time. */
export function useProductReviews(productId: string) {
  return usePagedList<Review>({
    queryKey: queryKeys.reviews.pages(productId),
    path: `/api/products/${encodeURIComponent(productId)}/reviews`,
    pageSize: REVIEWS_PAGE_SIZE,
  });
}
