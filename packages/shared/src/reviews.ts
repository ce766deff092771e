import { z } from 'zod';
import { recordIdParam, tooLong } from './fields.ts';
import { limitSchema, offsetSchema } from './pagination.ts';

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_TEXT_MAX = 2000;

/** What a review shows of an author whose account has been deleted. */
export const FORMER_CUSTOMER = 'Former customer';

const reviewFields = {
  rating: z
    .number({ error: 'Choose a rating from 1 to 5 stars' })
    .int('Choose a rating from 1 to 5 stars')
    .min(RATING_MIN, 'Choose a rating from 1 to 5 stars')
    .max(RATING_MAX, 'Choose a rating from 1 to 5 stars'),
  text: z
    .string({ error: 'The review must be text' })
    .trim()
    .max(REVIEW_TEXT_MAX, tooLong('The review', REVIEW_TEXT_MAX)),
};

/** `POST /api/products/:id/reviews`: the stars and, if the buyer wants, a few words. */
export const ReviewCreateSchema = z.strictObject({ ...reviewFields, text: reviewFields.text.default('') });
export type ReviewCreate = z.output<typeof ReviewCreateSchema>;
export type ReviewCreateInput = z.input<typeof ReviewCreateSchema>;

/** `PATCH /api/products/:id/reviews/:reviewId`: the writer changes the stars, the words, or both. */
export const ReviewUpdateSchema = z
  .strictObject({ rating: reviewFields.rating.optional(), text: reviewFields.text.optional() })
  .refine((update) => update.rating !== undefined || update.text !== undefined, {
    message: 'Change the rating or the text',
  });
export type ReviewUpdate = z.output<typeof ReviewUpdateSchema>;

/** `DELETE /api/products/:id/reviews/:reviewId`, as `DELETE /api/products/:id` answers. */
export const ReviewDeletedSchema = z.object({ deletedCount: z.literal(1) });

/** `POST /api/products/:id/reviews/:reviewId/reply`: the seller's one answer to a review. */
export const ReviewReplyCreateSchema = z.strictObject({
  text: z
    .string({ error: 'Write a reply' })
    .trim()
    .min(1, 'Write a reply')
    .max(REVIEW_TEXT_MAX, tooLong('The reply', REVIEW_TEXT_MAX)),
});
export type ReviewReplyCreate = z.output<typeof ReviewReplyCreateSchema>;

/** `PATCH /api/products/:id/reviews/:reviewId/reply`: the seller's reply, rewritten. */
export const ReviewReplyUpdateSchema = ReviewReplyCreateSchema;

/** A review as anybody sees it: the author by their current display name, never by e-mail. */
export const ReviewSchema = z.object({
  _id: z.uuid(),
  rating: z.number().int(),
  text: z.string(),
  author: z.object({ name: z.string() }),
  /** Every review is of a delivered order line: only buyers who received the product may write one. */
  verifiedPurchase: z.literal(true),
  createdAt: z.iso.datetime(),
  /** When the writer last changed it; null while never (the page shows "edited"). */
  editedAt: z.iso.datetime().nullable(),
  reply: z
    .object({ text: z.string(), createdAt: z.iso.datetime(), editedAt: z.iso.datetime().nullable() })
    .nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;

/**
 * `GET /api/products/:id/reviews/eligibility`: whether the viewer has a delivered purchase left to review, and
 * which of the product's reviews are theirs (to edit or delete).
 */
export const ReviewEligibilitySchema = z.object({ canReview: z.boolean(), ownReviewIds: z.array(z.uuid()) });
export type ReviewEligibility = z.infer<typeof ReviewEligibilitySchema>;

export const ReviewListQuerySchema = z.strictObject({ limit: limitSchema(), offset: offsetSchema });
export type ReviewListQuery = z.infer<typeof ReviewListQuerySchema>;

export const ReviewParamsSchema = z.object({
  id: recordIdParam('Product'),
  reviewId: recordIdParam('Review'),
});

/** `GET /api/sales/reviews`: the reviews of the viewer's products. */
export const SellerReviewListQuerySchema = ReviewListQuerySchema;
export type SellerReviewListQuery = ReviewListQuery;

/** A review of one of the seller's products, as their dashboard lists it: the review and which product it is of. */
export const SellerReviewSchema = ReviewSchema.extend({
  product: z.object({ _id: z.uuid(), name: z.string() }),
});
export type SellerReview = z.infer<typeof SellerReviewSchema>;

export const HIDE_REASON_MAX = 500;

/** `POST /api/products/:id/reviews/:reviewId/hide`: why an admin takes a review off the product's page. */
export const ReviewHideSchema = z.strictObject({
  reason: z
    .string({ error: 'Give a reason for hiding the review' })
    .trim()
    .min(1, 'Give a reason for hiding the review')
    .max(HIDE_REASON_MAX, tooLong('The reason', HIDE_REASON_MAX)),
});
export type ReviewHide = z.output<typeof ReviewHideSchema>;

/** `GET /api/reviews` (admins): every review, newest first; `flagged=true` keeps those marked below. */
export const AdminReviewListQuerySchema = z.strictObject({
  limit: limitSchema(),
  offset: offsetSchema,
  flagged: z
    .enum(['true', 'false'], { error: 'Expected true or false' })
    .optional()
    .transform((flag) => flag === 'true'),
});
export type AdminReviewListQuery = z.infer<typeof AdminReviewListQuerySchema>;

/**
 * A review as an admin moderates it. `sharedSignupAddress`: its writer's account was registered from the same
 * client address as the seller's, which a seller's second account often is (and a shared network sometimes).
 * The addresses themselves never leave the server.
 */
export const AdminReviewSchema = z.object({
  _id: z.uuid(),
  product: z.object({ _id: z.uuid(), name: z.string() }),
  seller: z.object({ handle: z.string(), name: z.string() }).nullable(),
  /** Null when the writer's account is gone. */
  author: z.object({ handle: z.string(), name: z.string() }).nullable(),
  rating: z.number().int(),
  text: z.string(),
  createdAt: z.iso.datetime(),
  hidden: z.object({ at: z.iso.datetime(), reason: z.string() }).nullable(),
  sharedSignupAddress: z.boolean(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;
