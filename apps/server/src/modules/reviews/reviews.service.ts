import {
  FORMER_CUSTOMER,
  type Review,
  type ReviewCreate,
  type ReviewEligibility,
  type ReviewListQuery,
  type ReviewUpdate,
  type SellerReview,
  type SellerReviewListQuery,
} from '@bazaar/shared/reviews';
import { AppError, notFound } from '../../errors/app-error.ts';
import type { Viewer } from '../auth/auth.module.ts';
import { mailBody, reviewMail, type OutgoingMail } from '../mail/mail.module.ts';
import type { ReviewRow, ReviewsProduct, ReviewsRepository } from './reviews.repository.ts';

/** A review as anybody sees it: the author by name, never by e-mail. */
function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    rating: row.rating,
    text: row.text,
    author: { name: row.authorName ?? FORMER_CUSTOMER },
    verifiedPurchase: true,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    reply:
      row.reply === null || row.repliedAt === null
        ? null
        : {
            text: row.reply,
            createdAt: row.repliedAt.toISOString(),
            editedAt: row.replyEditedAt?.toISOString() ?? null,
          },
  };
}

/** Orders keep the buyer's account e-mail lowercase; reviews are matched to them by it. */
const buyerEmailOf = (viewer: Viewer) => viewer.email.toLowerCase();

/** The review's writer hears of the seller's reply, with the way back to the product's reviews. */
function replyMail(
  shopUrl: string,
  review: ReviewRow,
  product: ReviewsProduct & { id: string },
  sellerName: string,
  reply: string,
): OutgoingMail {
  return {
    kind: 'review-reply',
    to: review.authorEmail,
    subject: `${sellerName} replied to your review of ${product.name}`,
    ...mailBody({
      heading: `${sellerName} replied to your review of ${product.name}`,
      paragraphs: [`Your review: ${review.rating} of 5${review.text ? ` — ${review.text}` : ''}`, reply],
      action: { label: 'See the reviews', url: `${shopUrl}/product/${product.id}#reviews` },
    }),
  };
}

/** `shopUrl` (PUBLIC_URL) is what the links of review mails are built on. */
export function createReviewsService(repository: ReviewsRepository, shopUrl: string) {
  /** The product's seller and name. */
  async function productOf(id: string): Promise<ReviewsProduct> {
    const product = await repository.findProduct(id);
    if (!product) throw notFound('Product');
    return product;
  }

  /** The review of the product, or a 404 for either. */
  async function reviewOf(productId: string, reviewId: string) {
    const product = await productOf(productId);
    const review = await repository.findReview(productId, reviewId);
    if (!review) throw notFound('Review');
    return { product, review };
  }

  /** The review, if the viewer wrote it. An admin hides a review (kept, with the reason, its writer told) instead. */
  async function ownReview(productId: string, reviewId: string, viewer: Viewer, change: 'change' | 'delete') {
    const { review } = await reviewOf(productId, reviewId);
    if (review.authorEmail !== buyerEmailOf(viewer)) {
      throw new AppError(
        'FORBIDDEN',
        viewer.isAdmin
          ? 'Admins hide reviews rather than change or delete them.'
          : `Only the review's writer may ${change} it.`,
      );
    }
    return review;
  }

  /** The review, if the viewer sells its product: a reply speaks for the seller, so not even an admin may. */
  async function sellersReview(productId: string, reviewId: string, viewer: Viewer) {
    const { product, review } = await reviewOf(productId, reviewId);
    if (product.sellerId !== viewer.id) {
      throw new AppError('FORBIDDEN', "Only the product's seller may reply to its reviews.");
    }
    return { product, review };
  }

  /** The review after a change, or a 404 when it went in between. */
  const changed = (row: ReviewRow | undefined, what: 'Review' | 'Reply') => {
    if (!row) throw notFound(what);
    return toReview(row);
  };

  return {
    async list(productId: string, query: ReviewListQuery): Promise<{ items: Review[]; total: number }> {
      await productOf(productId);
      const { rows, total } = await repository.list(productId, query);
      return { items: rows.map(toReview), total };
    },

    async eligibility(productId: string, viewer: Viewer): Promise<ReviewEligibility> {
      const product = await productOf(productId);
      const buyerEmail = buyerEmailOf(viewer);
      const [canReview, ownReviewIds] = await Promise.all([
        product.sellerId !== viewer.id && repository.hasUnreviewedLine(productId, buyerEmail),
        repository.ownReviewIds(productId, buyerEmail),
      ]);
      return { canReview, ownReviewIds };
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

    /** The writer changes the rating or the text; the product's figures follow a changed rating. */
    async edit(productId: string, reviewId: string, update: ReviewUpdate, viewer: Viewer): Promise<Review> {
      const review = await ownReview(productId, reviewId, viewer, 'change');
      return changed(await repository.edit(review.id, update), 'Review');
    },

    /** The writer deletes the review; the product's figures no longer count it. */
    async remove(productId: string, reviewId: string, viewer: Viewer): Promise<{ deletedCount: 1 }> {
      const review = await ownReview(productId, reviewId, viewer, 'delete');
      const outcome = await repository.remove(review.id);
      if (outcome === 'gone') throw notFound('Review');
      if (outcome === 'hidden') {
        throw new AppError('CONFLICT', 'The shop hid this review, so it is kept; you may still change it.');
      }
      return { deletedCount: 1 };
    },

    /** The seller's one reply; the review's writer is mailed it. */
    async reply(productId: string, reviewId: string, text: string, viewer: Viewer): Promise<Review> {
      const { product, review } = await sellersReview(productId, reviewId, viewer);
      const mail = replyMail(shopUrl, review, { ...product, id: productId }, viewer.name, text);
      const replied = await repository.reply(review.id, text, [mail]);
      if (!replied) throw new AppError('CONFLICT', 'This review already has your reply.');
      return toReview(replied);
    },

    async editReply(productId: string, reviewId: string, text: string, viewer: Viewer): Promise<Review> {
      const { review } = await sellersReview(productId, reviewId, viewer);
      return changed(await repository.editReply(review.id, text), 'Reply');
    },

    async removeReply(productId: string, reviewId: string, viewer: Viewer): Promise<Review> {
      const { review } = await sellersReview(productId, reviewId, viewer);
      return changed(await repository.removeReply(review.id), 'Reply');
    },

    /** The shown reviews of the viewer's own products (an admin's too: moderation has its own list). */
    async ofSeller(
      query: SellerReviewListQuery,
      viewer: Viewer,
    ): Promise<{ items: SellerReview[]; total: number }> {
      const { rows, total } = await repository.ofSeller(viewer.id, query);
      return {
        items: rows.map((row) => ({
          ...toReview(row),
          product: { _id: row.productId, name: row.productName },
        })),
        total,
      };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
