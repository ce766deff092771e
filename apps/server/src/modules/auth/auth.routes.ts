import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import { SignUpSchema, UpdateUserSchema } from '@bazaar/shared/auth';
import type { ApiError } from '@bazaar/shared/errors';
import { AppError, codeForStatus } from '../../http/app-error.ts';
import type { Auth } from './auth.ts';
import type { RateLimiter } from './rate-limiter.ts';

/** Sign-in and registration: the calls a password guesser or an account spammer repeats. */
const LIMITED_PATHS = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email']);

function emailOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
}

async function limitAttempts(limiter: RateLimiter, request: FastifyRequest): Promise<void> {
  const path = request.url.split('?')[0] ?? '';
  if (request.method !== 'POST' || !LIMITED_PATHS.has(path)) return;
  const email = emailOf(request.body);
  const keys = [`auth:ip:${request.ip}`, ...(email ? [`auth:email:${email}`] : [])];
  for (const key of keys) {
    const outcome = await limiter.hit(key);
    if (!outcome.allowed) {
      throw new AppError(
        'RATE_LIMITED',
        `Too many sign-in attempts. Try again in ${outcome.retryAfterSeconds} seconds.`,
        undefined,
        { 'retry-after': String(outcome.retryAfterSeconds) },
      );
    }
  }
}

/**
 * Better Auth's errors are `{code, message}`, and some (an unknown path's 404) have no body at all; the shop's
 * are always `{error, message}`: send both names.
 */
async function shopErrorBody(
  response: Response,
  request: FastifyRequest,
): Promise<ApiError & { code?: string }> {
  const body = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown } | null;
  const fallback =
    response.status === 404
      ? `No route ${request.method} ${request.url.split('?')[0]}`
      : response.statusText || (STATUS_CODES[response.status] ?? 'Error');
  return {
    error: codeForStatus(response.status),
    message: typeof body?.message === 'string' && body.message ? body.message : fallback,
    ...(typeof body?.code === 'string' ? { code: body.code } : {}),
  };
}

async function forward(auth: Auth, publicUrl: string, request: FastifyRequest, reply: FastifyReply) {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const response = await auth.handler(
    new Request(new URL(request.url, publicUrl), {
      method: request.method,
      headers: fromNodeHeaders(request.headers),
      body: hasBody ? JSON.stringify(request.body) : undefined,
    }),
  );
  void reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') void reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  if (response.status >= 400) {
    return reply.type('application/json; charset=utf-8').send(await shopErrorBody(response, request));
  }
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

/** Mounts Better Auth under /api/auth, behind the shop's sign-in rate limits. */
export function authRoutes(auth: Auth, limiter: RateLimiter, publicUrl: string) {
  return async function (app: FastifyInstance) {
    // Better Auth stores any name and any picture URL it is sent: these calls are checked by the shop first.
    for (const [url, body] of [
      ['/auth/sign-up/email', SignUpSchema],
      ['/auth/update-user', UpdateUserSchema],
    ] as const) {
      app.withTypeProvider<ZodTypeProvider>().post(url, {
        schema: { hide: true, body },
        preHandler: (request) => limitAttempts(limiter, request),
        handler: (request, reply) => forward(auth, publicUrl, request, reply),
      });
    }
    app.route({
      method: ['GET', 'POST'],
      url: '/auth/*',
      schema: { hide: true },
      preHandler: (request) => limitAttempts(limiter, request),
      handler: (request, reply) => forward(auth, publicUrl, request, reply),
    });
  };
}
