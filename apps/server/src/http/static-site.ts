import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ApiError } from '@bazaar/shared/errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Paths the single-page app never owns: an unknown one is a 404, not the app's index.html. No page of the app is a
 * file name either (`/package.json`, `/320.webp`).
 */
const NOT_SPA = /^\/(api|images|assets)(\/|$)|\.[a-z0-9]+$/i;

function notFoundBody(method: string, url: string): ApiError {
  return { error: 'NOT_FOUND', message: `No route ${method} ${url.split('?')[0]}` };
}

/** The built web app's index.html, which the shop's pages are made of; undefined when the app is not built. */
export function readSiteIndex(webDist: string | undefined): string | undefined {
  const index = webDist === undefined ? undefined : join(webDist, 'index.html');
  return index !== undefined && existsSync(index) ? readFileSync(index, 'utf8') : undefined;
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
    if (hasSite && isPageRequest && !NOT_SPA.test(request.url.split('?')[0]!)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(notFoundBody(request.method, request.url));
  });
}
