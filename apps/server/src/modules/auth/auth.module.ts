import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PaymentOptions } from '@bazaar/shared/payments';
import type { Env } from '../../config/env.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { errorResponses } from '../../errors/error-responses.ts';
import { followChanges } from '../../db/follow-changes.ts';
import { createRateLimiter } from '../../lib/rate-limiter.ts';
import { createAuth } from './auth.ts';
import { authRoutes } from './auth.routes.ts';
import { resolveAuthSecret } from './auth-secret.ts';
import { configRoutes } from './config.routes.ts';
import { createEmailConfirmationRepository } from './email-confirmation.repository.ts';
import { emailConfirmationRoutes } from './email-confirmation.routes.ts';
import { createEmailConfirmationService } from './email-confirmation.service.ts';
import { createSessionLookup, type SessionRow } from './session-lookup.ts';
import { createSessionMemory, SESSIONS_CHANNEL } from './session-memory.ts';
import { createViewers, type Viewer } from './viewer.ts';
import { createWriteLimits, isWrite, type WriteLimit } from './write-limits.ts';

export type { Viewer } from './viewer.ts';
export { RESET_LINK_SECONDS } from './account-mails.ts';
export { createEmailConfirmationRepository } from './email-confirmation.repository.ts';
export { boundedPasswordHashing, CREDENTIAL_PROVIDER_ID } from './password-hashing.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only for signed-in callers: the sign-in guard answers anonymous ones 401 before their body is read. */
    signedIn?: boolean;
    /** The hourly budget a signed-in write counts against (write-limits.ts); by default one of its own. */
    writeLimit?: WriteLimit;
    /** An answer about one account (Better Auth's): \`Cache-Control: no-store\`, as every signed-in route's. */
    privateAnswer?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in caller, left by the sign-in guard; only routes with `config: { signedIn: true }` have one. */
    readonly viewer: Viewer;
  }
}

/**
 * Sign-in: Better Auth under /auth, the sign-in options under /config, and the guard that puts the caller on
 * `request.viewer` for every signed-in route of `api`. Registered before the modules whose routes it guards.
 */
export async function registerAuth(
  api: FastifyInstance,
  {
    database,
    env,
    paymentOptions,
  }: { database: DatabaseHandle; env: Env; paymentOptions: () => Promise<PaymentOptions> },
) {
  const { db } = database;
  const limiter = createRateLimiter(db, {
    max: env.AUTH_RATE_LIMIT_MAX,
    windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    keyPrefix: 'auth:',
  });
  const auth = createAuth(db, {
    log: api.log,
    limiter,
    accountMailsPerHour: env.ACCOUNT_MAILS_PER_HOUR,
    publicUrl: env.PUBLIC_URL,
    secret: await resolveAuthSecret(db, env.AUTH_SECRET),
    trustedOrigins: env.CORS_ORIGINS,
    requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
    google: env.GOOGLE_CLIENT_ID
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET ?? '' }
      : undefined,
    oidc: env.OIDC_ISSUER
      ? {
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID ?? '',
          clientSecret: env.OIDC_CLIENT_SECRET ?? '',
        }
      : undefined,
  });
  const sessionMemory = createSessionMemory<SessionRow>();
  const stopFollowing = await followChanges(database, SESSIONS_CHANNEL, sessionMemory.changes, {
    log: api.log,
    what: 'the memory of sessions',
  });
  api.addHook('onClose', () => stopFollowing());
  const viewers = createViewers(auth, await createSessionLookup(db, auth, sessionMemory), {
    adminEmails: env.ADMIN_EMAILS,
    trustedOrigins: [env.PUBLIC_URL, ...env.CORS_ORIGINS],
  });

  const signedIn = new WeakMap<FastifyRequest, Viewer>();
  api.decorateRequest('viewer', {
    getter(this: FastifyRequest): Viewer {
      const viewer = signedIn.get(this);
      // A mistake in the route, not the caller's: a handler read a viewer the guard was not asked for.
      if (!viewer) throw new Error(`${this.routeOptions.url} reads request.viewer without config.signedIn`);
      return viewer;
    },
  });
  const writeLimits = createWriteLimits(db, {
    productWritesPerHour: env.PRODUCT_WRITES_PER_HOUR,
    ordersPerHour: env.ORDERS_PER_HOUR,
    writesPerHour: env.WRITES_PER_HOUR,
  });
  // Every signed-in write may meet its budget: its documented answers say so, whichever module registers it.
  api.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!route.config?.signedIn || !methods.some(isWrite) || !route.schema?.response) return;
    route.schema.response = { ...route.schema.response, ...errorResponses(429) };
  });
  async function guard(request: FastifyRequest): Promise<void> {
    if (!request.routeOptions.config.signedIn) {
      await writeLimits.anonymous(request);
      return;
    }
    const viewer = await viewers.required(request);
    signedIn.set(request, viewer);
    if (isWrite(request.method)) await writeLimits.signedIn(request, viewer.id);
  }
  // The one guard, before the body is read: an anonymous caller of a signed-in route gets 401 before any 400,
  // and a flood of writes 429 (anonymous ones counted per client address). Not async: an anonymous read, the
  // catalog's every request, passes without a promise.
  api.addHook('onRequest', (request, _reply, done) => {
    if (!request.routeOptions.config.signedIn && !isWrite(request.method)) return done();
    guard(request).then(() => done(), done);
  });

  // Answers for one caller (theirs, or their refusal) are never kept by a browser or a shared cache: the one place
  // that says so, last before the answer leaves, whatever a route set before.
  api.addHook('onSend', (request, reply, payload, done) => {
    const { signedIn, privateAnswer } = request.routeOptions.config;
    if (signedIn || privateAnswer) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  await api.register(authRoutes(auth, env.PUBLIC_URL));
  await api.register(configRoutes(env, paymentOptions));
  await api.register(
    emailConfirmationRoutes(
      createEmailConfirmationService(
        createEmailConfirmationRepository(db),
        async () => auth.$context,
        limiter,
      ),
      viewers.optional,
      [env.PUBLIC_URL, ...env.CORS_ORIGINS],
    ),
  );
  return { isAdmin: viewers.isAdmin };
}
