import type { Env } from '../config/env.ts';

/** The largest request body the server reads: a product, an order or a profile is a few kilobytes. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Fastify options that bound what one client may hold: the size of its body and the time it takes to send it. */
export function serverLimits(env: Env) {
  const requestTimeout = env.REQUEST_TIMEOUT_SECONDS * 1000;
  return {
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout,
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout: env.HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeout,
      // Node looks for overdue headers and bodies on this interval (30 s by default), which a slow client overstays.
      connectionsCheckingInterval: 1000,
    },
  };
}
