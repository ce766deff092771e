import fc from 'fast-check';
import {
  asSegment,
  hostileSegment,
  notNumber,
  notText,
  overlongText,
  refusedNumbers,
  SQL_PAYLOADS,
  unreadableBody,
} from '../../hostile/arbitraries.ts';
import {
  badRequiredText,
  json,
  paging,
  poisonedBody,
  poisonedQuery,
  validPaging,
  type HostileRoute,
} from '../../hostile/hostile-entry.ts';

const REVIEW = { rating: 5, text: 'Great lamp.' };

export const hostileRoutes: HostileRoute[] = [
  {
    route: 'GET /api/products/:id/reviews',
    callers: ['anonymous', 'owner'],
    requests: (scene) =>
      fc.oneof(
        hostileSegment.map((id) => ({
          method: 'GET' as const,
          url: `/api/products/${asSegment(id)}/reviews`,
        })),
        poisonedQuery(`/api/products/${scene.productId}/reviews`, validPaging, paging),
      ),
  },
  {
    route: 'GET /api/products/:id/reviews/eligibility',
    callers: ['anonymous', 'owner'],
    requests: () =>
      hostileSegment.map((id) => ({
        method: 'GET' as const,
        url: `/api/products/${asSegment(id)}/reviews/eligibility`,
      })),
  },
  {
    route: 'POST /api/products/:id/reviews',
    callers: ['anonymous', 'owner', 'stranger'],
    // Neither caller has received the product: a valid review is refused too (403).
    requests: (scene) =>
      fc.oneof(
        poisonedBody(REVIEW, {
          rating: fc.oneof(notNumber, refusedNumbers(0, 6, 4.5, -1, 1e308)),
          text: fc.oneof(notText, overlongText(2000)),
        }).map(json('POST', `/api/products/${scene.productId}/reviews`)),
        fc.constant({
          method: 'POST' as const,
          url: `/api/products/${scene.productId}/reviews`,
          payload: REVIEW,
        }),
        hostileSegment.map((id) => ({
          method: 'POST' as const,
          url: `/api/products/${asSegment(id)}/reviews`,
          payload: REVIEW,
        })),
      ),
  },
  {
    route: 'POST /api/products/:id/reviews/:reviewId/reply',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene) =>
      fc.oneof(
        fc
          .tuple(fc.uuid(), poisonedBody({ text: 'Thank you!' }, { text: badRequiredText(2000) }))
          .map(([reviewId, body]) =>
            json('POST', `/api/products/${scene.productId}/reviews/${reviewId}/reply`)(body),
          ),
        fc
          .tuple(fc.oneof(hostileSegment, fc.constant(scene.productId)), hostileSegment)
          .map(([id, reviewId]) => ({
            method: 'POST' as const,
            url: `/api/products/${asSegment(id)}/reviews/${asSegment(reviewId)}/reply`,
            payload: { text: 'Thank you!' },
          })),
      ),
  },
  // None of the callers is an admin: even a valid hide, unhide or list is refused (403).
  {
    route: 'POST /api/products/:id/reviews/:reviewId/hide',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene) =>
      fc.oneof(
        fc
          .tuple(
            fc.uuid(),
            poisonedBody({ reason: 'Bought by the seller' }, { reason: badRequiredText(500) }),
          )
          .map(([reviewId, body]) =>
            json('POST', `/api/products/${scene.productId}/reviews/${reviewId}/hide`)(body),
          ),
        fc
          .tuple(fc.oneof(hostileSegment, fc.constant(scene.productId)), hostileSegment)
          .map(([id, reviewId]) => ({
            method: 'POST' as const,
            url: `/api/products/${asSegment(id)}/reviews/${asSegment(reviewId)}/hide`,
            payload: { reason: 'Bought by the seller' },
          })),
      ),
  },
  {
    route: 'POST /api/products/:id/reviews/:reviewId/unhide',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene) =>
      fc.oneof(
        fc
          .uuid()
          .chain((reviewId) =>
            unreadableBody({}).map(
              json('POST', `/api/products/${scene.productId}/reviews/${reviewId}/unhide`),
            ),
          ),
        fc
          .tuple(fc.oneof(hostileSegment, fc.constant(scene.productId)), hostileSegment)
          .map(([id, reviewId]) => ({
            method: 'POST' as const,
            url: `/api/products/${asSegment(id)}/reviews/${asSegment(reviewId)}/unhide`,
          })),
      ),
  },
  {
    route: 'GET /api/reviews',
    callers: ['anonymous', 'owner'],
    requests: () =>
      poisonedQuery(
        '/api/reviews',
        { ...validPaging, flagged: 'true' },
        { ...paging, flagged: fc.constantFrom('yes', '1', 'TRUE', '', ...SQL_PAYLOADS) },
      ),
  },
];
