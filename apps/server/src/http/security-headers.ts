import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's security headers on every answer, the Content-Security-Policy among them. The middleware is built
 * once: @fastify/helmet built it anew, parsing the policy, for every request (a tenth of the work of a cached
 * catalog answer).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        // The shop's images are generated SVGs served by itself; sellers may link product images elsewhere.
        // `blob:` for the previews of the photos a form is uploading (object URLs of the chosen files).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Off: over plain http on a LAN address it would send the browser to https for every asset.
        upgradeInsecureRequests: null,
      },
    },
    // Another front end (CORS_ORIGINS) shows the shop's images, so they may be embedded cross-origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // Helmet 8 throws a configuration error when built, and calls `next` without one.
  app.addHook('onRequest', (request, reply, done) =>
    setSecurityHeaders(request.raw, reply.raw, () => done()),
  );
}
