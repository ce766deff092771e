import { queryKeys } from '../../lib/query-keys.ts';

/**
 * What a change of a review's rating makes stale: every review list (the product's, the seller's dashboard, the
 * admins'), the product's stars and count (its page, the lists) and its seller's average rating.
 */
export const REVIEW_FIGURES_STALE = [queryKeys.reviews.all, queryKeys.products.all, queryKeys.sellers.all];

/** What a change of a reply makes stale: the review lists that show it; no figure counts replies. */
export const REPLY_STALE = [queryKeys.reviews.all];
