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
  pagedList,
  paging,
  poisonedBody,
  poisonedQuery,
  validPaging,
  type HostileRoute,
  type Poisons,
} from '../../hostile/hostile-entry.ts';

const REVIEW = { rating: 5, text: 'Great lamp.' };
const REPLY = { valid: { text: 'Thank you!' }, poisons: { text: badRequiredText(2000) } };

/**
 * A route of one review (`suffix` after its path): to an unknown review of the scene's product, a poisoned body (or,
 * for a route without one, an unreadable one); to hostile product and review ids, a valid body. None of the callers
 * wrote a review of the product.
 */
function reviewRoute(
  method: 'POST' | 'PATCH' | 'DELETE',
  suffix: '' | '/reply' | '/hide' | '/unhide',
  body?: { valid: Record<string, unknown>; poisons: Poisons },
): HostileRoute {
  const url = (productId: string, reviewId: string) =>
    `/api/products/${productId}/reviews/${reviewId}${suffix}`;
  return {
    route: `${method} /api/products/:id/reviews/:reviewId${suffix}`,
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene) =>
      fc.oneof(
        fc
          .tuple(fc.uuid(), body ? poisonedBody(body.valid, body.poisons) : unreadableBody({}))
          .map(([reviewId, poisoned]) => json(method, url(scene.productId, reviewId))(poisoned)),
        fc
          .tuple(fc.oneof(hostileSegment, fc.constant(scene.productId)), hostileSegment)
          .map(([id, reviewId]) => ({
            method,
            url: url(asSegment(id), asSegment(reviewId)),
            ...(body && { payload: body.valid }),
          })),
      ),
  };
}

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
  reviewRoute('PATCH', '', {
    valid: REVIEW,
    poisons: {
      rating: fc.oneof(notNumber, refusedNumbers(0, 6, 4.5, -1, 1e308)),
      text: fc.oneof(notText, overlongText(2000)),
    },
  }),
  reviewRoute('DELETE', ''),
  reviewRoute('POST', '/reply', REPLY),
  reviewRoute('PATCH', '/reply', REPLY),
  reviewRoute('DELETE', '/reply'),
  // None of the callers is an admin: even a valid hide, unhide or list is refused (403).
  reviewRoute('POST', '/hide', {
    valid: { reason: 'Bought by the seller' },
    poisons: { reason: badRequiredText(500) },
  }),
  reviewRoute('POST', '/unhide'),
  pagedList('/api/sales/reviews'),
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
