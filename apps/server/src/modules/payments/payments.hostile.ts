import fc from 'fast-check';
import { REJECT_REASON_MAX, TRANSACTION_ID_MAX } from '@bazaar/shared/payments';
import {
  asSegment,
  extremeNumber,
  hostileSegment,
  notNumber,
  notText,
  overlongText,
  refusedNumbers,
  SQL_PAYLOADS,
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

const CLAIM = { method: 'bkash', sender: '01711-000000', transactionId: '8N7A6D5B4C', amount: 10 };

/** Text that names no wallet number. */
const notWalletNumber = fc.oneof(
  badRequiredText(30),
  fc.constantFrom('call me', '--1', '+', 'O1711', ...SQL_PAYLOADS),
);

/** A claim and a decision aimed at every kind of id that names none. */
const idSegments = (path: (id: string) => string, method: 'POST' | 'PATCH', payload?: object) =>
  hostileSegment.map((id) => ({ method, url: path(asSegment(id)), ...(payload ? { payload } : {}) }));

export const hostileRoutes: HostileRoute[] = [
  {
    route: 'POST /api/orders/:id/payments',
    // The stranger bought the scene's order (cash on delivery): even a valid claim is refused (409), the owner's 403.
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene) =>
      fc.oneof(
        poisonedBody(CLAIM, {
          method: fc.oneof(
            notText,
            fc.constantFrom('cash on delivery', 'BKASH', 'card', '', ...SQL_PAYLOADS),
          ),
          sender: notWalletNumber,
          transactionId: fc.oneof(
            notText,
            fc.constantFrom('', '   ', 'TX-1', 'TX/1', "1' OR '1'='1"),
            overlongText(TRANSACTION_ID_MAX).map((text) => `A${text.replace(/\W/g, 'B')}`),
          ),
          amount: fc.oneof(notNumber, extremeNumber, refusedNumbers(0, -1, 10.001, 1e11)),
        }).map(json('POST', `/api/orders/${scene.orderId}/payments`)),
        fc.constant({
          method: 'POST' as const,
          url: `/api/orders/${scene.orderId}/payments`,
          payload: CLAIM,
        }),
        idSegments((id) => `/api/orders/${id}/payments`, 'POST', CLAIM),
      ),
  },
  {
    route: 'GET /api/payments',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: () =>
      poisonedQuery(
        '/api/payments',
        { ...validPaging, status: 'awaiting_verification' },
        {
          ...paging,
          status: fc.constantFrom('pending', 'paid', '', 'AWAITING_VERIFICATION', ...SQL_PAYLOADS),
        },
      ),
  },
  // None of the callers is an admin: even a valid decision, list or setting is refused (403).
  {
    route: 'POST /api/payments/:id/accept',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: () =>
      fc.oneof(
        idSegments((id) => `/api/payments/${id}/accept`, 'POST'),
        fc.uuid().map((id) => ({ method: 'POST' as const, url: `/api/payments/${id}/accept` })),
      ),
  },
  {
    route: 'POST /api/payments/:id/reject',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: () =>
      fc.oneof(
        fc
          .tuple(
            fc.uuid(),
            poisonedBody(
              { reason: 'No such payment arrived' },
              { reason: badRequiredText(REJECT_REASON_MAX) },
            ),
          )
          .map(([id, body]) => json('POST', `/api/payments/${id}/reject`)(body)),
        idSegments((id) => `/api/payments/${id}/reject`, 'POST', { reason: 'No such payment arrived' }),
      ),
  },
  {
    route: 'GET /api/payments/refunds',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: () =>
      poisonedQuery(
        '/api/payments/refunds',
        { ...validPaging, status: 'due' },
        { ...paging, status: fc.constantFrom('owed', 'DUE', '', 'refunded', ...SQL_PAYLOADS) },
      ),
  },
  {
    route: 'GET /api/payments/cards',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: () =>
      poisonedQuery(
        '/api/payments/cards',
        { ...validPaging, status: 'flagged' },
        { ...paging, status: fc.constantFrom('mismatch', 'PAID', '', 'card_paid', ...SQL_PAYLOADS) },
      ),
  },
  {
    route: 'POST /api/payments/refunds/:id/done',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: () =>
      fc.oneof(
        fc
          .tuple(fc.uuid(), poisonedBody({ reference: 'BK-REFUND-1' }, { reference: badRequiredText(100) }))
          .map(([id, body]) => json('POST', `/api/payments/refunds/${id}/done`)(body)),
        idSegments((id) => `/api/payments/refunds/${id}/done`, 'POST', { reference: 'BK-REFUND-1' }),
      ),
  },
  {
    route: 'PATCH /api/settings/payments',
    covers: ['PATCH /api/settings/payments', 'GET /api/settings/payments'],
    callers: ['anonymous', 'owner', 'stranger'],
    requests: () =>
      fc.oneof(
        poisonedBody(
          { bkashNumber: '01711-000000', rocketNumber: null },
          { bkashNumber: notWalletNumber, rocketNumber: notWalletNumber },
        ).map(json('PATCH', '/api/settings/payments')),
        fc.constant({ method: 'GET' as const, url: '/api/settings/payments' }),
      ),
  },
];
