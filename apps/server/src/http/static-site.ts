import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ApiError } from '@bazaar/shared/errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Paths the single-page app never owns: an unknown one is a 404, not the app's index.html. */
const NOT_SPA = /^\/(api|images|assets)(\/|$)/;

function notFoundBody(method: string, url: string): ApiError {
  return { error: 'NOT_FOUND', message: `No route ${method} ${url.split('?')[0]}` };
}

/**
 * Serves the built web app: hashed files under /assets/ cached forever, index.html revalidated, and every
 * other GET falling back to index.html so that client-side routes work on reload and deep links.
 */
export async function registerStaticSite(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasSite = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasSite) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside its scripts and stylesheets (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders(reply, filePath) {
        void reply.header('cache-control', filePath.includes('/assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (hasSite && isPageRequest && !NOT_SPA.test(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(notFoundBody(request.method, request.url));
  });
}
