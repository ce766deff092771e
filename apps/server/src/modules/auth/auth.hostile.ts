import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import {
  asSegment,
  BAD_URLS,
  hostileSegment,
  hostileText,
  notBoolean,
  notEmail,
  notText,
  overlongText,
  unreadableBody,
  withUnstorableText,
  type HostileRequest,
} from '../../hostile/arbitraries.ts';
import {
  badRequiredText,
  badUrl,
  json,
  noInputRoute,
  otherMethods,
  poisonedBody,
  poisonedQuery,
  type HostileRoute,
  type Poisons,
} from '../../hostile/hostile-entry.ts';

const SIGN_IN = { email: 'hostile-owner@bazaar.test', password: 'not the password' };
const SIGN_UP = {
  name: 'Hostile Newcomer',
  email: 'hostile-newcomer@bazaar.test',
  password: 'a good password',
};
const CROSS_SITE = { origin: 'https://evil.example' };

/** A confirmation link's token as Better Auth makes them (HS256, naming `email`), signed with a secret not the shop's. */
function forgedLinkToken(email: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256' })}.${part({ email, exp: Math.floor(Date.now() / 1000) + 3600 })}`;
  return `${unsigned}.${createHmac('sha256', 'not the shop secret').update(unsigned).digest('base64url')}`;
}

/**
 * A sign-in or registration Better Auth must refuse: a poisoned field (Better Auth ignores fields it does not
 * know, so no unknown ones), a callback to another site, or a browser on another site sending it.
 */
function authAttempt(
  url: string,
  valid: Record<string, unknown>,
  poisons: Poisons,
): fc.Arbitrary<HostileRequest> {
  const everyAttempt: Poisons = {
    callbackURL: fc.oneof(fc.constantFrom(...BAD_URLS, 'https://evil.example/'), notText),
    rememberMe: notBoolean,
  };
  return fc.oneof(
    poisonedBody(valid, { ...poisons, ...everyAttempt }, false).map(json('POST', url)),
    fc.constant({ method: 'POST' as const, url, headers: CROSS_SITE, payload: valid }),
  );
}

export const hostileRoutes: HostileRoute[] = [
  {
    route: 'POST /api/auth/sign-up/email',
    callers: ['anonymous'],
    mayWrite: ['rate_limits'],
    requests: (scene) =>
      authAttempt('/api/auth/sign-up/email', SIGN_UP, {
        name: badRequiredText(100),
        email: fc.oneof(notText, notEmail, fc.constant(scene.owner.email)),
        password: fc.oneof(notText, fc.string({ maxLength: 7 }), overlongText(128)),
        image: fc.oneof(badUrl, notText),
      }),
  },
  {
    route: 'POST /api/auth/sign-in/email',
    callers: ['anonymous'],
    mayWrite: ['rate_limits'],
    requests: () =>
      authAttempt('/api/auth/sign-in/email', SIGN_IN, {
        email: fc.oneof(notText, notEmail),
        password: fc.oneof(notText, hostileText, fc.string({ maxLength: 200 })),
      }),
  },
  {
    route: 'POST /api/auth/request-password-reset',
    callers: ['anonymous'],
    mayWrite: ['rate_limits'],
    requests: (scene) =>
      fc.oneof(
        poisonedBody(
          { email: scene.owner.email, redirectTo: '/reset-password' },
          {
            email: fc.oneof(notText, notEmail),
            redirectTo: fc.oneof(fc.constantFrom(...BAD_URLS, 'https://evil.example/'), notText),
          },
          false,
        ).map(json('POST', '/api/auth/request-password-reset')),
        fc.constant({
          method: 'POST' as const,
          url: '/api/auth/request-password-reset',
          headers: CROSS_SITE,
          payload: { email: scene.owner.email },
        }),
      ),
  },
  {
    route: 'POST /api/auth/reset-password',
    callers: ['anonymous'],
    mayWrite: ['rate_limits'],
    // No request knows a mailed token: each is refused, whatever it sends.
    requests: () =>
      poisonedBody(
        { token: 'a-token-nobody-was-mailed', newPassword: 'a good new password' },
        {
          token: fc.oneof(notText, hostileText),
          newPassword: fc.oneof(notText, fc.string({ maxLength: 7 }), overlongText(128)),
        },
        false,
      ).map(json('POST', '/api/auth/reset-password')),
  },
  {
    route: 'POST /api/auth/send-verification-email',
    callers: ['anonymous', 'owner'],
    mayWrite: ['rate_limits'],
    // The link is always the shop's own (a callbackURL is not used): only the e-mail and the sender matter.
    requests: (scene) =>
      fc.oneof(
        poisonedBody({ email: scene.owner.email }, { email: fc.oneof(notText, notEmail) }, false).map(
          json('POST', '/api/auth/send-verification-email'),
        ),
        fc.constant({
          method: 'POST' as const,
          url: '/api/auth/send-verification-email',
          headers: CROSS_SITE,
          payload: { email: scene.owner.email },
        }),
      ),
  },
  {
    route: 'POST /api/auth/change-password',
    callers: ['anonymous', 'owner'],
    mayWrite: ['rate_limits'],
    // The current password is never the right one here: each request is refused and the password stays.
    requests: () =>
      poisonedBody(
        { currentPassword: 'not the password', newPassword: 'a good new password' },
        {
          currentPassword: fc.oneof(notText, hostileText),
          newPassword: fc.oneof(notText, fc.string({ maxLength: 7 }), overlongText(128)),
          revokeOtherSessions: notBoolean,
        },
        false,
      ).map(json('POST', '/api/auth/change-password')),
  },
  {
    route: 'POST /api/auth/revoke-sessions',
    callers: ['anonymous', 'owner'],
    // A signed-in browser on another site cannot end the account's sessions; nor can anyone unsigned.
    requests: () =>
      fc.oneof(
        unreadableBody({}).map(json('POST', '/api/auth/revoke-sessions')),
        fc.constant({
          method: 'POST' as const,
          url: '/api/auth/revoke-sessions',
          headers: CROSS_SITE,
          credentials: 'cookie' as const,
          payload: {},
        }),
      ),
  },
  {
    route: 'POST /api/auth/update-user',
    callers: ['anonymous', 'owner'],
    requests: () =>
      poisonedBody(
        { name: 'Olive Owner', image: 'https://img.example/me.png' },
        { name: badRequiredText(100), image: fc.oneof(badUrl, notText) },
        false,
      ).map(json('POST', '/api/auth/update-user')),
  },
  {
    route: 'POST /api/auth/sign-out',
    callers: ['anonymous', 'owner'],
    // Any readable body signs out (Better Auth ignores it); only unreadable ones must be refused.
    requests: (_scene, caller) =>
      fc.oneof(
        unreadableBody({ reason: 'bye' }).map(json('POST', '/api/auth/sign-out')),
        withUnstorableText({ reason: 'bye' }).map((payload) => ({
          method: 'POST' as const,
          url: '/api/auth/sign-out',
          payload,
        })),
        ...(caller === 'owner'
          ? [
              fc.constant({
                method: 'POST' as const,
                url: '/api/auth/sign-out',
                headers: CROSS_SITE,
                credentials: 'cookie' as const,
              }),
            ]
          : []),
      ),
  },
  {
    route: 'GET /api/account/confirm-email',
    callers: ['anonymous', 'owner', 'stranger'],
    // No request knows a mailed link: a token signed with another secret names the owner, and is refused too.
    requests: (scene) =>
      poisonedQuery(
        '/api/account/confirm-email',
        { token: forgedLinkToken(scene.owner.email) },
        { token: fc.oneof(hostileText.map(String), fc.constant(forgedLinkToken(scene.owner.email))) },
      ),
  },
  {
    route: 'POST /api/account/confirm-email',
    callers: ['anonymous', 'owner', 'stranger'],
    // Every attempt counts as a sign-in, whatever it sends: a password guessed through a link is one guessed.
    mayWrite: ['rate_limits'],
    requests: (scene) =>
      fc.oneof(
        poisonedBody(
          { token: forgedLinkToken(scene.owner.email), password: 'a good password' },
          {
            token: fc.oneof(notText, hostileText, fc.constant('')),
            password: fc.oneof(notText, fc.constant(''), overlongText(128)),
          },
        ).map(json('POST', '/api/account/confirm-email')),
        poisonedBody(
          { token: forgedLinkToken(scene.owner.email), newPassword: 'a good new password' },
          {
            token: fc.oneof(notText, hostileText),
            newPassword: fc.oneof(notText, fc.string({ maxLength: 7 }), overlongText(128)),
          },
        ).map(json('POST', '/api/account/confirm-email')),
        // Neither password, or both.
        fc
          .constant({ token: forgedLinkToken(scene.owner.email) })
          .map((payload) => ({ payload }))
          .map(json('POST', '/api/account/confirm-email')),
        fc
          .constant({ token: forgedLinkToken(scene.owner.email), password: 'a', newPassword: 'a good one' })
          .map((payload) => ({ payload }))
          .map(json('POST', '/api/account/confirm-email')),
        fc.constant({
          method: 'POST' as const,
          url: '/api/account/confirm-email',
          headers: CROSS_SITE,
          payload: { token: forgedLinkToken(scene.owner.email), newPassword: 'a good new password' },
        }),
      ),
  },
  {
    route: '/api/auth/get-session (not GET)',
    callers: ['anonymous', 'owner'],
    requests: () => otherMethods('/api/auth/get-session'),
  },
  {
    route: '/api/auth/* (no such endpoint)',
    covers: ['GET /api/auth/*', 'POST /api/auth/*'],
    callers: ['anonymous'],
    requests: () =>
      fc
        .tuple(
          fc.constantFrom('GET', 'POST') satisfies fc.Arbitrary<HostileRequest['method']>,
          hostileSegment,
        )
        .map(([method, segment]) => ({
          method,
          url: `/api/auth/${asSegment(segment)}`,
          payload: method === 'POST' ? {} : undefined,
        })),
  },
  noInputRoute('/api/config'),
];
