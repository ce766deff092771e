import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { User } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import type { z } from 'zod';
import { EmailLinkRequestSchema, SignUpSchema, UpdateUserSchema } from '@bazaar/shared/auth';
import { readPictureUrl } from '@bazaar/shared/uploads';
import { validationFailure } from '../../errors/app-error.ts';
import { confirmationPath, nextOfCallback } from './account-mails.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';

/**
 * The header through which the shop hands Better Auth the client's address, as TRUST_PROXY decides it
 * (auth.routes.ts overwrites whatever a client sends in it).
 */
export const CLIENT_ADDRESS_HEADER = 'x-bazaar-client-address';

/**
 * Calls a password guesser or an account spammer repeats: counted per client address, and per e-mail from all
 * addresses together under a ceiling no single client reaches (`EMAIL_CEILING_FACTOR`).
 */
const LIMITED_CALLS = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/verify-password',
  '/change-password',
  '/request-password-reset',
  '/reset-password',
  '/send-verification-email',
]);

/**
 * Failed attempts against one e-mail from all addresses together, as a multiple of the limit per address: guessing
 * spread over many addresses stops, while one client, stopped by its own address's limit first, cannot lock the
 * e-mail's owner out.
 */
export const EMAIL_CEILING_FACTOR = 10;

/**
 * Calls whose answer must not tell whether an e-mail has an account: the work differs (an account's token and
 * mail are written), so each answer is held until the same minimum time has passed, as Better Auth does for its
 * own anonymous verification resend.
 */
const EVEN_TIMED_CALLS = new Set(['/request-password-reset', '/sign-up/email']);
export const EVEN_ANSWER_MS = 500;

/** The user whose password a request reset, by that request: left by `onPasswordReset` (auth.ts). */
export type PasswordResets = WeakMap<Request, User>;

/**
 * Calls that mail a link or spend one. Better Auth checks the Origin of these only when cookies come along; a page
 * on another site must not make its visitors' browsers send the shop's mails either.
 */
const OWN_PAGES_ONLY = new Set(['/request-password-reset', '/reset-password', '/send-verification-email']);

/** Calls that mail a link: their refusals speak of links, not of sign-in. */
const MAIL_CALLS = new Set(['/request-password-reset', '/send-verification-email']);

/** Better Auth stores any name and any picture URL it is sent: these calls are checked by the shop first. */
const BODY_SCHEMAS: Record<string, z.ZodType> = {
  '/sign-up/email': SignUpSchema,
  '/update-user': UpdateUserSchema,
  '/request-password-reset': EmailLinkRequestSchema,
  '/send-verification-email': EmailLinkRequestSchema,
};

interface CallContext {
  body?: unknown;
  headers?: Headers | undefined;
  request?: Request | undefined;
}

function emailOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
}

/**
 * The counters an attempt spends, in this order: one that refuses it leaves the later ones untouched. Links and
 * sign-ins count apart (a shopper who mistyped the password three times still gets a reset link), and
 * registering someone's e-mail spends that e-mail's registrations, never its owner's sign-ins.
 */
export function attemptCounters(
  limiter: RateLimiter,
  attempt: { kind: 'sign-in' | 'link'; emailKind?: 'sign-up'; address?: string | null; email?: string },
) {
  const { kind, emailKind = kind, address, email } = attempt;
  return {
    ...(address && { perAddress: { key: `${kind}:ip:${address}`, max: limiter.max } }),
    ...(email && {
      perEmail: {
        key: `${emailKind}:email:${email.trim().toLowerCase()}`,
        max: limiter.max * EMAIL_CEILING_FACTOR,
      },
    }),
  };
}

/** The counters a Better Auth call spends. */
function countersOfCall(limiter: RateLimiter, ctx: CallContext & { path: string }) {
  return attemptCounters(limiter, {
    kind: MAIL_CALLS.has(ctx.path) ? 'link' : 'sign-in',
    ...(ctx.path === '/sign-up/email' && { emailKind: 'sign-up' as const }),
    address: (ctx.request?.headers ?? ctx.headers)?.get(CLIENT_ADDRESS_HEADER),
    email: emailOf(ctx.body),
  });
}

async function limitAttempts(limiter: RateLimiter, ctx: CallContext & { path: string }): Promise<void> {
  for (const counter of Object.values(countersOfCall(limiter, ctx))) {
    const outcome = await limiter.hit(counter.key, counter.max);
    if (!outcome.allowed) {
      throw new APIError(
        'TOO_MANY_REQUESTS',
        {
          code: 'RATE_LIMITED',
          message: `${MAIL_CALLS.has(ctx.path) ? 'Too many requests for a link' : 'Too many sign-in attempts'}. Try again in ${outcome.retryAfterSeconds} seconds.`,
        },
        { 'retry-after': String(outcome.retryAfterSeconds) },
      );
    }
  }
}

/**
 * A sign-in that succeeded gives back what it spent of its e-mail's counter: only failures count against an e-mail,
 * so its owner signing in (several devices, several tabs) never brings it nearer its ceiling.
 */
async function refundSignIn(limiter: RateLimiter, ctx: CallContext & { path: string }): Promise<void> {
  const { perEmail } = countersOfCall(limiter, ctx);
  if (perEmail) await limiter.refund(perEmail.key);
}

function refuseForeignOrigin(ctx: CallContext & { context: { trustedOrigins: string[] } }): void {
  const origin = (ctx.request?.headers ?? ctx.headers)?.get('origin');
  if (origin && !ctx.context.trustedOrigins.includes(origin)) {
    throw new APIError('FORBIDDEN', {
      code: 'FORBIDDEN',
      message: 'This request is only accepted from the shop’s own pages.',
    });
  }
}

function checkBody(schema: z.ZodType, body: unknown): void {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return;
  const details = parsed.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  throw new APIError('BAD_REQUEST', {
    code: 'VALIDATION_ERROR',
    ...validationFailure('body field', details),
  });
}

/** Calls whose `image` is a picture URL Better Auth stores as it is. */
const PICTURE_CALLS = new Set(['/sign-up/email', '/update-user']);

/**
 * Better Auth's `image` is an outside picture only: it is not counted as a use of an upload (`upload_ids()`), so one
 * there would be cleaned up, and nothing checks whose it is. A profile shows an upload through `img`, which is.
 */
function refuseUploadAsImage(body: unknown, publicUrl: string): void {
  const image = (body as { image?: unknown } | undefined)?.image;
  if (typeof image !== 'string') return;
  const reading = readPictureUrl(image, publicUrl);
  if ('refused' in reading || reading.upload !== undefined) {
    throw new APIError('BAD_REQUEST', {
      code: 'BAD_REQUEST',
      message:
        'A picture uploaded to the shop is set as the profile picture (PATCH /api/users/{email}, img).',
    });
  }
}

/** Waits until EVEN_ANSWER_MS have passed since `request` began. */
async function evenTime(startedAt: WeakMap<Request, number>, request: Request | undefined): Promise<void> {
  const started = request && startedAt.get(request);
  if (started === undefined) return;
  const remaining = EVEN_ANSWER_MS - (performance.now() - started);
  if (remaining > 0) await sleep(remaining);
}

/**
 * Where a link to Better Auth's own verify-email goes instead (mailed before the shop confirmed addresses on its
 * page): the confirmation page, with its token and the page to return to.
 */
function confirmationPageOf(query: unknown): string {
  const { token, callbackURL } = (query ?? {}) as { token?: unknown; callbackURL?: unknown };
  return confirmationPath(typeof token === 'string' ? token : '', nextOfCallback(callbackURL));
}

/**
 * The shop's rules for Better Auth's calls, as Better Auth hooks: they are decided on `ctx.path`, the endpoint
 * Better Auth actually serves, whatever spelling of the URL reached it (dot segments, escapes…).
 */
export function authCallHooks(
  limiter: RateLimiter,
  passwordResets: PasswordResets,
  publicUrl: string,
  /** Tells the account's owner that its password changed (a mail through the outbox). */
  passwordChanged: (email: string) => Promise<void>,
) {
  const startedAt = new WeakMap<Request, number>();
  return {
    before: createAuthMiddleware(async (ctx) => {
      // A link in an inbox verifies nobody by itself: its page asks for the password too (docs/accounts.md).
      if (ctx.path === '/verify-email') throw ctx.redirect(confirmationPageOf(ctx.query));
      if (EVEN_TIMED_CALLS.has(ctx.path) && ctx.request) startedAt.set(ctx.request, performance.now());
      if (OWN_PAGES_ONLY.has(ctx.path)) refuseForeignOrigin(ctx);
      if (LIMITED_CALLS.has(ctx.path)) await limitAttempts(limiter, ctx);
      const schema = BODY_SCHEMAS[ctx.path];
      if (schema) checkBody(schema, ctx.body);
      if (PICTURE_CALLS.has(ctx.path)) refuseUploadAsImage(ctx.body, publicUrl);
      // A new password ends every session of the account, whatever the client asked: one that was stolen too.
      if (ctx.path === '/change-password') {
        return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
      }
      return undefined;
    }),
    after: createAuthMiddleware(async (ctx) => {
      // The link proved the mailbox: its owner is signed in, in the one session left after every other ended.
      const resetUser = ctx.path === '/reset-password' && ctx.request && passwordResets.get(ctx.request);
      if (resetUser) {
        const session = await ctx.context.internalAdapter.createSession(resetUser.id);
        await setSessionCookie(ctx, { session, user: resetUser });
        await passwordChanged(resetUser.email);
        return undefined;
      }
      const returned: unknown = ctx.context.returned;
      if (ctx.path === '/change-password' && !isAPIError(returned)) {
        const { user } = returned as { user: { email: string } };
        await passwordChanged(user.email);
      }
      if (ctx.path === '/sign-in/email' && !isAPIError(returned)) await refundSignIn(limiter, ctx);
      // A registration that waits for its e-mail to be verified answers the same whether the e-mail was new or
      // taken: Better Auth's stand-in user for a taken one lacks what the shop adds to users (the handle).
      if (ctx.path === '/sign-up/email' && (returned as { token?: unknown } | null)?.token === null) {
        await evenTime(startedAt, ctx.request);
        return ctx.json({ token: null, user: null });
      }
      if (ctx.path === '/request-password-reset') await evenTime(startedAt, ctx.request);
      // Each session's token is a credential: a list of the account's sessions describes them without it.
      if (ctx.path === '/list-sessions' && Array.isArray(returned)) {
        return ctx.json(returned.map(({ token, ...session }: { token?: string }) => session));
      }
      return undefined;
    }),
  };
}
