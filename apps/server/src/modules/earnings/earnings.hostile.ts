import fc from 'fast-check';
import { PAYOUT_REFERENCE_MAX } from '@bazaar/shared/earnings';
import {
  asSegment,
  extremeNumber,
  hostileSegment,
  notNumber,
  notText,
  refusedNumbers,
  SQL_PAYLOADS,
} from '../../hostile/arbitraries.ts';
import {
  badRequiredText,
  json,
  notHandle,
  paging,
  poisonedBody,
  poisonedQuery,
  validPaging,
  type HostileRoute,
} from '../../hostile/hostile-entry.ts';

const PAYOUT = { amount: 10, method: 'bkash', reference: 'TX-PAYOUT-1' };

/** Text that names no month. */
const notMonth = fc.oneof(
  fc.constantFrom(
    '2026-13',
    '2026-00',
    '2026-1',
    '26-11',
    '2026/11',
    'november',
    '',
    '2026-11-01',
    ...SQL_PAYLOADS,
  ),
  fc.string({ maxLength: 12 }).filter((text) => !/^\d{4}-(0[1-9]|1[0-2])$/.test(text)),
);

/** A seller named by someone no admin: refused whoever it names, or as no handle. */
const seller = fc.oneof(notHandle, fc.constantFrom('olive-owner', 'sam-stranger', ...SQL_PAYLOADS));

export const hostileRoutes: HostileRoute[] = [
  {
    route: 'GET /api/earnings',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: () => poisonedQuery('/api/earnings', validPaging, { ...paging, seller }),
  },
  {
    route: 'GET /api/earnings/statement.csv',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: () =>
      poisonedQuery('/api/earnings/statement.csv', { month: '2026-11' }, { month: notMonth, seller }),
  },
  // None of the callers is an admin: even a valid payout or list is refused (403).
  {
    route: 'POST /api/sellers/:handle/payouts',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene) =>
      fc.oneof(
        poisonedBody(PAYOUT, {
          amount: fc.oneof(notNumber, extremeNumber, refusedNumbers(0, -1, 10.001, 1e11)),
          method: fc.oneof(
            notText,
            fc.constantFrom('cash on delivery', 'BKASH', 'card', '', ...SQL_PAYLOADS),
          ),
          reference: badRequiredText(PAYOUT_REFERENCE_MAX),
        }).map(json('POST', `/api/sellers/${scene.owner.handle}/payouts`)),
        fc.constant({
          method: 'POST' as const,
          url: `/api/sellers/${scene.owner.handle}/payouts`,
          payload: PAYOUT,
        }),
        hostileSegment.map((handle) => ({
          method: 'POST' as const,
          url: `/api/sellers/${asSegment(handle)}/payouts`,
          payload: PAYOUT,
        })),
      ),
  },
  {
    route: 'GET /api/balances',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: () =>
      fc.oneof(
        poisonedQuery('/api/balances', validPaging, paging),
        fc.constant({ method: 'GET' as const, url: '/api/balances' }),
      ),
  },
];
