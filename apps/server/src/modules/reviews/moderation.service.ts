import type { AdminReview, AdminReviewListQuery } from '@bazaar/shared/reviews';
import { AppError, notFound } from '../../errors/app-error.ts';
import type { Viewer } from '../auth/auth.module.ts';
import { mailBody, type OutgoingMail } from '../mail/mail.module.ts';
import type { HiddenReview, ModeratedReviewRow, ModerationRepository } from './reviews.repository.ts';

/** A review as an admin sees it: never an address or an e-mail, only whether two sign-up addresses matched. */
function toAdminReview(row: ModeratedReviewRow): AdminReview {
  return {
    _id: row.id,
    product: { _id: row.productId, name: row.productName },
    seller:
      row.sellerHandle === null || row.sellerName === null
        ? null
        : { handle: row.sellerHandle, name: row.sellerName },
    author:
      row.authorHandle === null || row.authorName === null
        ? null
        : { handle: row.authorHandle, name: row.authorName },
    rating: row.rating,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    hidden:
      row.hiddenAt === null || row.hiddenReason === null
        ? null
        : { at: row.hiddenAt.toISOString(), reason: row.hiddenReason },
    sharedSignupAddress: row.sharedSignupAddress,
  };
}

/** Tells a review's writer that an admin hid it, and why: a real shop does not silently take words down. */
function reviewHiddenMail(
  shopUrl: string,
  { authorEmail, product }: HiddenReview,
  reason: string,
): OutgoingMail {
  return {
    kind: 'review-hidden',
    to: authorEmail,
    subject: `Your review of ${product.name} was hidden`,
    ...mailBody({
      heading: `Your review of ${product.name} is no longer shown`,
      paragraphs: [
        'The shop hid your review: it is kept, but no longer shown on the product’s page or counted in its rating.',
        `The reason: ${reason}`,
        'If you think this is a mistake, reply to this mail.',
      ],
      action: { label: 'See the product', url: `${shopUrl}/product/${product.id}` },
    }),
  };
}

function requireAdmin(viewer: Viewer): void {
  if (!viewer.isAdmin) throw new AppError('FORBIDDEN', 'Only admins may moderate reviews.');
}

/**
 * Admins hide reviews (kept, with the reason, but off the product's page and figures) and show them again, and
 * list every review with the shared-sign-up-address flag. `shopUrl` (PUBLIC_URL) is what the links of moderation
 * mails are built on.
 */
export function createModerationService(repository: ModerationRepository, shopUrl: string) {
  /** The review of the product, or a 404. */
  async function reviewOf(productId: string, reviewId: string): Promise<ModeratedReviewRow> {
    const review = await repository.find(reviewId);
    if (!review || review.productId !== productId) throw notFound('Review');
    return review;
  }

  async function answer(reviewId: string): Promise<AdminReview> {
    const review = await repository.find(reviewId);
    if (!review) throw notFound('Review');
    return toAdminReview(review);
  }

  return {
    async list(
      query: AdminReviewListQuery,
      viewer: Viewer,
    ): Promise<{ items: AdminReview[]; total: number }> {
      requireAdmin(viewer);
      const { rows, total } = await repository.list(query);
      return { items: rows.map(toAdminReview), total };
    },

    async hide(productId: string, reviewId: string, reason: string, viewer: Viewer): Promise<AdminReview> {
      requireAdmin(viewer);
      const review = await reviewOf(productId, reviewId);
      // The review's writer hears why.
      const changed = await repository.hide(review.id, reason, viewer.id, (hidden) => [
        reviewHiddenMail(shopUrl, hidden, reason),
      ]);
      if (!changed) {
        throw new AppError('CONFLICT', 'This review is already hidden.');
      }
      return answer(review.id);
    },

    async unhide(productId: string, reviewId: string, viewer: Viewer): Promise<AdminReview> {
      requireAdmin(viewer);
      const review = await reviewOf(productId, reviewId);
      if (!(await repository.unhide(review.id))) {
        throw new AppError('CONFLICT', 'This review is not hidden.');
      }
      return answer(review.id);
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
