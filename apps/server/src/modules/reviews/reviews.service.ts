import {
  FORMER_CUSTOMER,
  type Review,
  type ReviewCreate,
  type ReviewEligibility,
  type ReviewListQuery,
} from '@bazaar/shared/reviews';
import { AppError, notFound } from '../../errors/app-error.ts';
import type { Viewer } from '../auth/auth.module.ts';
import { reviewMail } from '../mail/mail.module.ts';
import type { ReviewRow, ReviewsRepository } from './reviews.repository.ts';

/** A review as anybody sees it: the author by name, never by e-mail. */
function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    rating: row.rating,
    text: row.text,
    author: { name: row.authorName ?? FORMER_CUSTOMER },
    verifiedPurchase: true,
    createdAt: row.createdAt.toISOString(),
    reply:
      row.reply === null || row.repliedAt === null
        ? null
        : { text: row.reply, createdAt: row.repliedAt.toISOString() },
  };
}

/** Orders keep the buyer's account e-mail lowercase; reviews are matched to them by it. */
const buyerEmailOf = (viewer: Viewer) => viewer.email.toLowerCase();

/** `shopUrl` (PUBLIC_URL) is what the links of review mails are built on. */
export function createReviewsService(repository: ReviewsRepository, shopUrl: string) {
  /** The product's seller. */
  async function productOf(id: string): Promise<{ sellerId: string }> {
    const product = await repository.findProduct(id);
    if (!product) throw notFound('Product');
    return product;
  }

  return {
    async list(productId: string, query: ReviewListQuery): Promise<{ items: Review[]; total: number }> {
      await productOf(productId);
      const { rows, total } = await repository.list(productId, query);
      return { items: rows.map(toReview), total };
    },

    async eligibility(productId: string, viewer: Viewer): Promise<ReviewEligibility> {
      const product = await productOf(productId);
      if (product.sellerId === viewer.id) return { canReview: false };
      return { canReview: await repository.hasUnreviewedLine(productId, buyerEmailOf(viewer)) };
    },

    async create(productId: string, input: ReviewCreate, viewer: Viewer): Promise<Review> {
      const product = await productOf(productId);
      // A seller who bought their own product would rate themselves.
      if (product.sellerId === viewer.id) {
        throw new AppError('FORBIDDEN', 'You cannot review your own product.');
      }
      // The product's seller hears of each review.
      const submission = await repository.addReview(
        productId,
        buyerEmailOf(viewer),
        input,
        (review, reviewed) => [reviewMail(shopUrl, reviewed.sellerEmail, reviewed, review)],
      );
      if (submission.outcome === 'not a buyer') {
        throw new AppError('FORBIDDEN', 'Only buyers who received this product can review it.');
      }
      if (submission.outcome === 'all reviewed') {
        throw new AppError('CONFLICT', 'You have already reviewed each of your purchases of this product.');
      }
      return toReview(submission.review);
    },

    /** Only the product's seller answers its reviews: a reply speaks for the seller, so not even an admin may. */
    async reply(productId: string, reviewId: string, text: string, viewer: Viewer): Promise<Review> {
      const product = await productOf(productId);
      const review = await repository.findReview(productId, reviewId);
      if (!review) throw notFound('Review');
      if (product.sellerId !== viewer.id) {
        throw new AppError('FORBIDDEN', "Only the product's seller may reply to its reviews.");
      }
      const replied = await repository.reply(review.id, text);
      if (!replied) throw new AppError('CONFLICT', 'This review already has your reply.');
      return toReview(replied);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
