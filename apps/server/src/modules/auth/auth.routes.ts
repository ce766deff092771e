import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { ErrorCodeSchema, type ApiError } from '@bazaar/shared/errors';
import { codeForStatus } from '../../errors/app-error.ts';
import { CLIENT_ADDRESS_HEADER } from './auth-calls.ts';
import type { Auth } from './auth.ts';

/**
 * Better Auth's errors are `{code, message}`, and some (an unknown path's 404) have no body at all; the shop's
 * are always `{error, message}`. The shop's own refusals (auth-calls.ts) carry a shop code, Better Auth's keep
 * theirs beside it.
 */
async function shopErrorBody(
  response: Response,
  request: FastifyRequest,
): Promise<ApiError & { code?: string }> {
  const body = (await response.json().catch(() => ({}))) as {
    code?: unknown;
    message?: unknown;
    details?: ApiError['details'];
  } | null;
  const fallback =
    response.status === 404
      ? `No route ${request.method} ${request.url.split('?')[0]}`
      : response.statusText || (STATUS_CODES[response.status] ?? 'Error');
  const message = typeof body?.message === 'string' && body.message ? body.message : fallback;
  const shopCode = ErrorCodeSchema.safeParse(body?.code);
  if (shopCode.success) return { error: shopCode.data, message, details: body?.details };
  return {
    error: codeForStatus(response.status),
    message,
    ...(typeof body?.code === 'string' ? { code: body.code } : {}),
  };
}

async function forward(auth: Auth, publicUrl: string, request: FastifyRequest, reply: FastifyReply) {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const headers = fromNodeHeaders(request.headers);
  // The address Fastify found under TRUST_PROXY, never one the client wrote (auth.ts reads only this header).
  headers.set(CLIENT_ADDRESS_HEADER, request.ip);
  const response = await auth.handler(
    new Request(new URL(request.url, publicUrl), {
      method: request.method,
      headers,
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

/**
 * Mounts Better Auth under /api/auth. Its limits and checks are Better Auth hooks (auth-calls.ts), so that
 * they hold for the endpoint it serves, however the URL was spelled.
 */
export function authRoutes(auth: Auth, publicUrl: string) {
  return async function (app: FastifyInstance) {
    app.route({
      method: ['GET', 'POST'],
      url: '/auth/*',
      schema: { hide: true },
      // Sessions, accounts, tokens: every answer is about one caller.
      config: { privateAnswer: true },
      handler: (request, reply) => forward(auth, publicUrl, request, reply),
    });
  };
}
