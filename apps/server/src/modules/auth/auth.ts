import { betterAuth } from 'better-auth';
import { isAPIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@bazaar/shared/auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { signJWT } from 'better-auth/crypto';
import { bearer } from 'better-auth/plugins/bearer';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Database } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema.ts';
import {
  existingAccountMail,
  passwordChangedMail,
  RESET_LINK_SECONDS,
  resetPasswordMail,
  returnPathOf,
  VERIFY_LINK_SECONDS,
  verifyEmailMail,
} from './account-mails.ts';
import { accountMailQueue } from './account-mail-cap.ts';
import { queueMail } from '../mail/mail.module.ts';
import { authCallHooks, CLIENT_ADDRESS_HEADER, type PasswordResets } from './auth-calls.ts';
import { boundedPasswordHashing } from './password-hashing.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';

/** Better Auth's provider id for the OpenID Connect issuer that can stand in for Google. */
export const OIDC_PROVIDER_ID = 'oidc';

export interface AuthOptions {
  /** The shop's own address: the origin sign-in trusts and the base of every redirect. */
  publicUrl: string;
  secret: string;
  /** Other origins allowed to sign in (CORS_ORIGINS). */
  trustedOrigins?: string[];
  google?: { clientId: string; clientSecret: string } | undefined;
  oidc?: { issuer: string; clientId: string; clientSecret: string } | undefined;
  /** A password account signs in only once its e-mail is verified (REQUIRE_EMAIL_VERIFICATION). */
  requireEmailVerification: boolean;
  /** Counts sign-in, registration and password attempts (auth-calls.ts). */
  limiter: RateLimiter;
  /** Account mails queued to one address per hour, beyond which they are silently dropped (account-mail-cap.ts). */
  accountMailsPerHour: number;
  log: FastifyBaseLogger;
}

/** The page a registration asked to return to (its `callbackURL`), read from the request Better Auth cloned. */
async function callbackOf(request: Request | undefined): Promise<string> {
  const body = (await request?.json().catch(() => undefined)) as { callbackURL?: unknown } | undefined;
  return typeof body?.callbackURL === 'string' ? body.callbackURL : '/';
}

export function createAuth(db: Database, options: AuthOptions) {
  const passwordResets: PasswordResets = new WeakMap();
  const queueAccountMail = accountMailQueue(db, options.accountMailsPerHour);
  return betterAuth({
    appName: 'Bazaar',
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: [options.publicUrl, ...(options.trustedOrigins ?? [])],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Scrypt as Better Auth has it, one hash at a time: a burst of sign-ins queues instead of taking 32 MB each.
      password: boundedPasswordHashing(),
      autoSignIn: true,
      // Also makes registering a taken e-mail answer as a new registration does, and mail its owner instead.
      requireEmailVerification: options.requireEmailVerification,
      // An address not confirmed yet gets a fresh link instead: its owner may be the second to register, and the
      // link's page lets them choose the password to keep (docs/accounts.md).
      async onExistingUserSignUp({ user }, request) {
        if (user.emailVerified) {
          await queueAccountMail(existingAccountMail(options.publicUrl, user.email));
          return;
        }
        const token = await signJWT(
          { email: user.email.toLowerCase(), userId: user.id },
          options.secret,
          VERIFY_LINK_SECONDS,
        );
        const next = returnPathOf(
          `${options.publicUrl}/?callbackURL=${encodeURIComponent(await callbackOf(request))}`,
        );
        await queueAccountMail(verifyEmailMail(options.publicUrl, user.email, token, next));
      },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      // One insert into the outbox: asking for an unknown e-mail's link is not measurably faster.
      sendResetPassword: ({ user, token }) =>
        queueAccountMail(resetPasswordMail(options.publicUrl, user.email, token)),
      // Remembered for the after hook, which signs the person in (auth-calls.ts).
      async onPasswordReset({ user }, request) {
        if (request) passwordResets.set(request, user);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A password sign-in refused for want of verification mails a fresh link (the sign-in limits count it).
      sendOnSignIn: true,
      // Unused: Better Auth's verify-email only redirects to the shop's confirmation page (auth-calls.ts).
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_LINK_SECONDS,
      sendVerificationEmail: ({ user, token, url }) =>
        queueAccountMail(verifyEmailMail(options.publicUrl, user.email, token, returnPathOf(url))),
    },
    socialProviders: options.google ? { google: options.google } : {},
    account: { accountLinking: { enabled: true, trustedProviders: ['google', OIDC_PROVIDER_ID] } },
    user: {
      additionalFields: {
        // Given by the database when the user is created (migration 0002), whichever way; never by the client.
        handle: { type: 'string', required: false, input: false },
        phone: { type: 'string', required: false, input: false },
        address: { type: 'string', required: false, input: false },
        img: { type: 'string', required: false, input: false },
        // Set by the create hook below; compared for admins (reviews), never sent to anyone.
        signupAddress: { type: 'string', required: false, input: false, returned: false },
      },
    },
    databaseHooks: {
      user: {
        // Every way of registering (password, Google, OIDC) creates the user inside a request to Better Auth.
        create: {
          before: async (user, context) => {
            const address = (context?.request?.headers ?? context?.headers)?.get(CLIENT_ADDRESS_HEADER);
            return { data: { ...user, signupAddress: address || null } };
          },
        },
      },
    },
    plugins: [
      bearer(),
      ...(options.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  discoveryUrl: `${options.oidc.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  clientId: options.oidc.clientId,
                  clientSecret: options.oidc.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                },
              ],
            }),
          ]
        : []),
    ],
    // Not capped as the link mails are: only the account's password or its mailed link can cause it.
    hooks: authCallHooks(options.limiter, passwordResets, options.publicUrl, (email) =>
      queueMail(db, [passwordChangedMail(options.publicUrl, email)]),
    ),
    // The shop limits sign-in attempts itself, in the database, per address and per e-mail (auth-calls.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Better Auth's own warnings are expected refusals (an unknown e-mail…); its failures reach onError below.
    logger: { level: 'error' },
    onAPIError: {
      // A failed provider sign-in comes back to the shop's login page (with ?error=…), not Better Auth's own page.
      errorURL: `${options.publicUrl}/login`,
      // Refusals (a wrong password, a limit, bad input) are answers; only the server's own failures are logged.
      onError(error) {
        if (!isAPIError(error) || error.statusCode >= 500)
          options.log.error({ err: error }, 'sign-in failed');
      },
    },
    advanced: {
      cookiePrefix: 'bazaar',
      // A session and its user in one query (relations in db/schema.ts), not two, on every signed-in request.
      database: { joins: true },
      // Better Auth skips its Origin and CSRF checks when NODE_ENV=test or TEST is set; keep them on everywhere.
      disableOriginCheck: false,
      // Sessions record the address TRUST_PROXY decided (auth.routes.ts), never a client's X-Forwarded-For.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
