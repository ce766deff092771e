import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import { ProductIdParamsSchema } from '@bazaar/shared/products';
import {
  AdminReviewListQuerySchema,
  AdminReviewSchema,
  ReviewCreateSchema,
  ReviewDeletedSchema,
  ReviewHideSchema,
  ReviewEligibilitySchema,
  ReviewListQuerySchema,
  ReviewParamsSchema,
  ReviewReplyCreateSchema,
  ReviewReplyUpdateSchema,
  ReviewSchema,
  ReviewUpdateSchema,
  SellerReviewListQuerySchema,
  SellerReviewSchema,
} from '@bazaar/shared/reviews';
import { errorResponses } from '../../errors/error-responses.ts';
import type { ModerationService } from './moderation.service.ts';
import type { ReviewsService } from './reviews.service.ts';

export function reviewRoutes(service: ReviewsService, moderation: ModerationService) {
  return async function (app: FastifyInstance) {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/products/:id/reviews',
      {
        schema: {
          tags: ['reviews'],
          summary: "A product's reviews",
          description:
            "Newest first, each with its author's display name (never an e-mail), the verified-purchase mark " +
            `and the seller's reply. The number of all of them is in the ${TOTAL_COUNT_HEADER} header.`,
          params: ProductIdParamsSchema,
          querystring: ReviewListQuerySchema,
          response: { 200: z.array(ReviewSchema), ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
        const { items, total } = await service.list(request.params.id, request.query);
        void reply.header(TOTAL_COUNT_HEADER, total);
        return items;
      },
    );

    routes.get(
      '/products/:id/reviews/eligibility',
      {
        schema: {
          tags: ['reviews'],
          summary: 'Whether you may review this product',
          description:
            'True while you have a delivered order line of the product that you have not reviewed.',
          params: ProductIdParamsSchema,
          response: { 200: ReviewEligibilitySchema, ...errorResponses(401, 404) },
        },
        config: { signedIn: true },
      },
      async (request) => service.eligibility(request.params.id, request.viewer),
    );

    routes.post(
      '/products/:id/reviews',
      {
        schema: {
          tags: ['reviews'],
          summary: 'Review a product you received',
          description:
            'Reviews your oldest delivered order line of the product that has no review yet: one review per line. ' +
            "403 without a delivered line of the product, 409 when each is reviewed. The product's ratings and " +
            'reviews_count follow.',
          params: ProductIdParamsSchema,
          body: ReviewCreateSchema,
          response: { 201: ReviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
        config: { signedIn: true },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(request.params.id, request.body, request.viewer)),
    );

    routes.patch(
      '/products/:id/reviews/:reviewId',
      {
        schema: {
          tags: ['reviews'],
          summary: 'Change your review',
          description:
            'Only its writer may (an admin hides a review instead): the rating, the text or both. The review ' +
            "shows as edited; while it is shown, the product's ratings follow a changed rating in the same " +
            'transaction. A hidden review stays hidden.',
          params: ReviewParamsSchema,
          body: ReviewUpdateSchema,
          response: { 200: ReviewSchema, ...errorResponses(400, 401, 403, 404) },
        },
        config: { signedIn: true },
      },
      async (request) =>
        service.edit(request.params.id, request.params.reviewId, request.body, request.viewer),
    );

    routes.delete(
      '/products/:id/reviews/:reviewId',
      {
        schema: {
          tags: ['reviews'],
          summary: 'Delete your review',
          description:
            "Only its writer may (an admin hides a review instead). The reply goes with it; the product's " +
            'ratings and reviews_count no longer count it, in the same transaction; the purchase may be reviewed again. ' +
            'A review an admin hid is kept (409): deleting it would free the purchase for a review that undoes the hiding.',
          params: ReviewParamsSchema,
          response: { 200: ReviewDeletedSchema, ...errorResponses(401, 403, 404, 409) },
        },
        config: { signedIn: true },
      },
      async (request) => service.remove(request.params.id, request.params.reviewId, request.viewer),
    );

    routes.post(
      '/products/:id/reviews/:reviewId/reply',
      {
        schema: {
          tags: ['reviews'],
          summary: "The seller's reply to a review",
          description:
            "Only the product's seller may reply (an admin may not speak for them), once per review: a second " +
            "reply is a 409. The review's writer is mailed the reply, with a link to the product's reviews.",
          params: ReviewParamsSchema,
          body: ReviewReplyCreateSchema,
          response: { 201: ReviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
        config: { signedIn: true },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await service.reply(
              request.params.id,
              request.params.reviewId,
              request.body.text,
              request.viewer,
            ),
          ),
    );

    routes.patch(
      '/products/:id/reviews/:reviewId/reply',
      {
        schema: {
          tags: ['reviews'],
          summary: 'Change your reply',
          description:
            "Only the product's seller may. The reply shows as edited; 404 when the review has no reply.",
          params: ReviewParamsSchema,
          body: ReviewReplyUpdateSchema,
          response: { 200: ReviewSchema, ...errorResponses(400, 401, 403, 404) },
        },
        config: { signedIn: true },
      },
      async (request) =>
        service.editReply(request.params.id, request.params.reviewId, request.body.text, request.viewer),
    );

    routes.delete(
      '/products/:id/reviews/:reviewId/reply',
      {
        schema: {
          tags: ['reviews'],
          summary: 'Delete your reply',
          description:
            "Only the product's seller may; answers the review without its reply (the seller may write " +
            'another). 404 when the review has no reply.',
          params: ReviewParamsSchema,
          response: { 200: ReviewSchema, ...errorResponses(401, 403, 404) },
        },
        config: { signedIn: true },
      },
      async (request) => service.removeReply(request.params.id, request.params.reviewId, request.viewer),
    );

    routes.get(
      '/sales/reviews',
      {
        schema: {
          tags: ['reviews'],
          summary: 'The reviews of your products',
          description:
            'The shown reviews of the products you sell (an admin: theirs too; every review is in `GET /api/reviews`), ' +
            'each with its product: those waiting for your reply first, then newest first. The number is in ' +
            `${TOTAL_COUNT_HEADER}.`,
          querystring: SellerReviewListQuerySchema,
          response: { 200: z.array(SellerReviewSchema), ...errorResponses(400, 401) },
        },
        config: { signedIn: true },
      },
      async (request, reply) => {
        const { items, total } = await service.ofSeller(request.query, request.viewer);
        void reply.header(TOTAL_COUNT_HEADER, total);
        return items;
      },
    );

    routes.get(
      '/reviews',
      {
        schema: {
          tags: ['reviews'],
          summary: 'Every review, for admins to moderate',
          description:
            'Newest first, hidden ones too, each with its product, seller and writer by handle, and ' +
            '`sharedSignupAddress` when the writer registered from the sign-up address of the seller (the ' +
            `addresses themselves are never sent). \`flagged=true\` keeps those. The number is in ${TOTAL_COUNT_HEADER}. ` +
            'Admins only (403).',
          querystring: AdminReviewListQuerySchema,
          response: { 200: z.array(AdminReviewSchema), ...errorResponses(400, 401, 403) },
        },
        config: { signedIn: true },
      },
      async (request, reply) => {
        const { items, total } = await moderation.list(request.query, request.viewer);
        void reply.header(TOTAL_COUNT_HEADER, total);
        return items;
      },
    );

    routes.post(
      '/products/:id/reviews/:reviewId/hide',
      {
        schema: {
          tags: ['reviews'],
          summary: 'Hide a review (admins)',
          description:
            "The review is kept with the reason, but leaves the product's reviews and its ratings and " +
            'reviews_count; its writer is mailed the reason. 409 when it is already hidden.',
          params: ReviewParamsSchema,
          body: ReviewHideSchema,
          response: { 200: AdminReviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
        config: { signedIn: true },
      },
      async (request) =>
        moderation.hide(request.params.id, request.params.reviewId, request.body.reason, request.viewer),
    );

    routes.post(
      '/products/:id/reviews/:reviewId/unhide',
      {
        schema: {
          tags: ['reviews'],
          summary: 'Show a hidden review again (admins)',
          description:
            "The review is back among the product's reviews and in its figures; its reason is cleared. " +
            '409 when it is not hidden.',
          params: ReviewParamsSchema,
          response: { 200: AdminReviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
        config: { signedIn: true },
      },
      async (request) => moderation.unhide(request.params.id, request.params.reviewId, request.viewer),
    );
  };
}
