// What other features may use of reviews; everything else in this folder is its own.
export { ProductReviews } from './product-reviews.tsx';
export { ReviewLink } from './review-link.tsx';
export { ReviewItem } from './review-item.tsx';
