import fc from 'fast-check';
import { PAYOUT_ACCOUNT_MAX } from '@bazaar/shared/earnings';
import {
  asSegment,
  hostileSegment,
  notBoolean,
  notEmail,
  notText,
  overlongText,
  SQL_PAYLOADS,
} from '../../hostile/arbitraries.ts';
import {
  badRequiredText,
  badUrl,
  json,
  notHandle,
  pagedList,
  poisonedBody,
  someoneElse,
  type HostileRoute,
} from '../../hostile/hostile-entry.ts';

export const hostileRoutes: HostileRoute[] = [
  {
    route: 'GET /api/sellers/:handle',
    callers: ['anonymous', 'owner'],
    // Nothing but a handle somebody has names a seller: anything else is a 404.
    requests: () =>
      fc
        .oneof(hostileSegment, notHandle, fc.constant('nobody-has-this'))
        .filter((text) => !['olive-owner', 'sam-stranger'].includes(text.trim().toLowerCase()))
        .map((handle) => ({ method: 'GET', url: `/api/sellers/${asSegment(handle)}` })),
  },
  pagedList('/api/users'),
  {
    route: 'GET /api/users/:email',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene, caller) =>
      fc
        .oneof(hostileSegment, fc.constant(someoneElse(scene, caller)))
        .map((email) => ({ method: 'GET', url: `/api/users/${asSegment(email)}` })),
  },
  {
    route: 'POST /api/users',
    callers: ['anonymous', 'owner'],
    requests: (scene) =>
      poisonedBody(
        { name: 'Olive Owner', email: scene.owner.email },
        {
          name: fc.oneof(notText, overlongText(100)),
          email: fc.oneof(notText, notEmail, fc.constant(scene.stranger.email)),
        },
        false,
      ).map(json('POST', '/api/users')),
  },
  {
    route: 'PATCH /api/users/:email',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene) =>
      fc.oneof(
        poisonedBody(
          {
            name: 'Olive Owner',
            phone: '+44 20 7946 0958',
            address: '1 High Street',
            img: 'https://img.example/me.png',
            shopMails: false,
          },
          {
            name: badRequiredText(100),
            email: fc.oneof(notText, fc.constantFrom(scene.stranger.email, ...SQL_PAYLOADS)),
            phone: fc.oneof(
              notText,
              fc.constantFrom('call me', '<b>1</b>', ...SQL_PAYLOADS),
              overlongText(30),
            ),
            address: fc.oneof(notText, overlongText(500)),
            img: fc.oneof(badUrl, notText),
            shopMails: notBoolean,
            payoutMethod: fc.oneof(notText, fc.constantFrom('cash', 'BKASH', '', 'card', ...SQL_PAYLOADS)),
            payoutAccount: fc.oneof(notText, overlongText(PAYOUT_ACCOUNT_MAX)),
          },
        ).map(json('PATCH', `/api/users/${scene.owner.email}`)),
        hostileSegment.map((email) => ({
          method: 'PATCH' as const,
          url: `/api/users/${asSegment(email)}`,
          payload: { name: 'Olive Owner' },
        })),
      ),
  },
];
