import { Link } from 'react-router';
import { textLinkClass } from '../../components/button.tsx';
import { useReviewEligibility } from './api/get-review-eligibility.ts';

/** Where a product's reviews and review form are on its page. */
export const REVIEWS_ANCHOR = 'reviews';

/** A link to the review form of a product the viewer received and has not reviewed yet; nothing otherwise. */
export function ReviewLink({ productId, productName }: { productId: string; productName: string }) {
  const eligibility = useReviewEligibility(productId, true);
  if (!eligibility.data?.canReview) return null;
  return (
    <Link
      to={`/product/${productId}#${REVIEWS_ANCHOR}`}
      aria-label={`Write a review of ${productName}`}
      className={textLinkClass}
    >
      Write a review
    </Link>
  );
}
