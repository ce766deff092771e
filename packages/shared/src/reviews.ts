import { z } from 'zod';
import { tooLong } from './fields.ts';
import { limitSchema, offsetSchema } from './pagination.ts';

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_TEXT_MAX = 2000;

/** What a review shows of an author whose account has been deleted. */
export const FORMER_CUSTOMER = 'Former customer';

/** `POST /api/products/:id/reviews`: the stars and, if the buyer wants, a few words. */
export const ReviewCreateSchema = z.strictObject({
  rating: z
    .number({ error: 'Choose a rating from 1 to 5 stars' })
    .int('Choose a rating from 1 to 5 stars')
    .min(RATING_MIN, 'Choose a rating from 1 to 5 stars')
    .max(RATING_MAX, 'Choose a rating from 1 to 5 stars'),
  text: z
    .string({ error: 'The review must be text' })
    .trim()
    .max(REVIEW_TEXT_MAX, tooLong('The review', REVIEW_TEXT_MAX))
    .default(''),
});
export type ReviewCreate = z.output<typeof ReviewCreateSchema>;
export type ReviewCreateInput = z.input<typeof ReviewCreateSchema>;

/** `POST /api/products/:id/reviews/:reviewId/reply`: the seller's one answer to a review. */
export const ReviewReplyCreateSchema = z.strictObject({
  text: z
    .string({ error: 'Write a reply' })
    .trim()
    .min(1, 'Write a reply')
    .max(REVIEW_TEXT_MAX, tooLong('The reply', REVIEW_TEXT_MAX)),
});
export type ReviewReplyCreate = z.output<typeof ReviewReplyCreateSchema>;

/** A review as anybody sees it: the author by their current display name, never by e-mail. */
export const ReviewSchema = z.object({
  _id: z.uuid(),
  rating: z.number().int(),
  text: z.string(),
  author: z.object({ name: z.string() }),
  /** Every review is of a delivered order line: only buyers who received the product may write one. */
  verifiedPurchase: z.literal(true),
  createdAt: z.iso.datetime(),
  reply: z.object({ text: z.string(), createdAt: z.iso.datetime() }).nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** `GET /api/products/:id/reviews/eligibility`: whether the viewer has a delivered purchase left to review. */
export const ReviewEligibilitySchema = z.object({ canReview: z.boolean() });
export type ReviewEligibility = z.infer<typeof ReviewEligibilitySchema>;

export const ReviewListQuerySchema = z.strictObject({ limit: limitSchema(), offset: offsetSchema });
export type ReviewListQuery = z.infer<typeof ReviewListQuerySchema>;

export const ReviewParamsSchema = z.object({ id: z.string(), reviewId: z.string() });
