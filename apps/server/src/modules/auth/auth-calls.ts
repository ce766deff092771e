import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { z } from 'zod';
import { SignUpSchema, UpdateUserSchema } from '@bazaar/shared/auth';
import { validationFailure } from '../../errors/app-error.ts';
import type { RateLimiter } from './rate-limiter.ts';

/**
 * The header through which the shop hands Better Auth the client's address, as TRUST_PROXY decides it
 * (auth.routes.ts overwrites whatever a client sends in it).
 */
export const CLIENT_ADDRESS_HEADER = 'x-bazaar-client-address';

/** Calls a password guesser or an account spammer repeats: counted per client address and per e-mail. */
const LIMITED_CALLS = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/verify-password',
  '/change-password',
  '/request-password-reset',
  '/reset-password',
  '/send-verification-email',
]);

/** Better Auth stores any name and any picture URL it is sent: these calls are checked by the shop first. */
const BODY_SCHEMAS: Record<string, z.ZodType> = {
  '/sign-up/email': SignUpSchema,
  '/update-user': UpdateUserSchema,
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

async function limitAttempts(limiter: RateLimiter, ctx: CallContext): Promise<void> {
  const address = (ctx.request?.headers ?? ctx.headers)?.get(CLIENT_ADDRESS_HEADER);
  const email = emailOf(ctx.body);
  const keys = [...(address ? [`auth:ip:${address}`] : []), ...(email ? [`auth:email:${email}`] : [])];
  for (const key of keys) {
    const outcome = await limiter.hit(key);
    if (!outcome.allowed) {
      throw new APIError(
        'TOO_MANY_REQUESTS',
        {
          code: 'RATE_LIMITED',
          message: `Too many sign-in attempts. Try again in ${outcome.retryAfterSeconds} seconds.`,
        },
        { 'retry-after': String(outcome.retryAfterSeconds) },
      );
    }
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

/**
 * The shop's rules for Better Auth's calls, as Better Auth hooks: they are decided on `ctx.path`, the endpoint
 * Better Auth actually serves, whatever spelling of the URL reached it (dot segments, escapes…).
 */
export function authCallHooks(limiter: RateLimiter) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      if (LIMITED_CALLS.has(ctx.path)) await limitAttempts(limiter, ctx);
      const schema = BODY_SCHEMAS[ctx.path];
      if (schema) checkBody(schema, ctx.body);
      // A new password ends every session of the account, whatever the client asked: one that was stolen too.
      if (ctx.path === '/change-password') {
        return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
      }
      return undefined;
    }),
    after: createAuthMiddleware(async (ctx) => {
      // Each session's token is a credential: a list of the account's sessions describes them without it.
      const returned: unknown = ctx.context.returned;
      if (ctx.path === '/list-sessions' && Array.isArray(returned)) {
        return ctx.json(returned.map(({ token, ...session }: { token?: string }) => session));
      }
      return undefined;
    }),
  };
}
