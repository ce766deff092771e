import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { Product } from '@bazaar/shared/products';
import { PagedList } from '../../components/paged-list.tsx';
import { RatingSummary } from '../../components/rating-summary.tsx';
import { useViewer } from '../auth/public.ts';
import { useReviewEligibility } from './api/get-review-eligibility.ts';
import { useProductReviews } from './api/get-reviews.ts';
import { ReviewForm } from './lazy-forms.tsx';
import { ReviewItem } from './review-item.tsx';
import { REVIEWS_ANCHOR } from './review-link.tsx';

/**
 * A product's reviews: the mean and count, the list newest first, the form to a buyer who may review, Edit and
 * Delete on the viewer's own reviews, and to the product's seller a reply form under each unanswered review and
 * Edit and Delete on their replies.
 */
export function ProductReviews({ product }: { product: Product }) {
  const viewer = useViewer();
  const signedIn = viewer.user !== null;
  const eligibility = useReviewEligibility(product._id, signedIn);
  const reviews = useProductReviews(product._id);
  const isSeller = viewer.profile?.handle === product.seller.handle;
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  // A link to the reviews (an order's "Write a review") arrives before the product has loaded this section.
  useEffect(() => {
    if (hash === `#${REVIEWS_ANCHOR}`) section.current?.scrollIntoView();
  }, [hash]);
  return (
    <section
      ref={section}
      id={REVIEWS_ANCHOR}
      aria-labelledby="reviews-heading"
      className="mt-12 flex scroll-mt-4 flex-col gap-4"
    >
      <h2 id="reviews-heading" className="text-xl font-bold tracking-tight text-gray-900 sm:text-2xl">
        Reviews
      </h2>
      {/* Without reviews, the list's empty state says so. */}
      {product.reviews_count > 0 && <RatingSummary rating={product.ratings} count={product.reviews_count} />}
      {signedIn && eligibility.data?.canReview && <ReviewForm productId={product._id} />}
      <PagedList list={reviews} noun="reviews" emptyTitle="No reviews yet" className="flex flex-col gap-4">
        {(items) => (
          <ol className="flex flex-col gap-4">
            {items.map((review) => (
              <li key={review._id}>
                <ReviewItem
                  review={review}
                  productId={product._id}
                  canReply={isSeller}
                  isOwn={eligibility.data?.ownReviewIds.includes(review._id) ?? false}
                />
              </li>
            ))}
          </ol>
        )}
      </PagedList>
    </section>
  );
}
