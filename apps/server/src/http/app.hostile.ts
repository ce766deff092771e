import fc from 'fast-check';
import { noInputRoute, otherMethods, type HostileRoute } from '../hostile/hostile-entry.ts';

export const hostileRoutes: HostileRoute[] = [
  {
    route: 'GET /api/docs/* (files outside the docs, other methods)',
    covers: [
      'GET /api/docs',
      'GET /api/docs/json',
      'GET /api/docs/yaml',
      'GET /api/docs/static/index.html',
      'GET /api/docs/static/swagger-initializer.js',
      'GET /api/docs/static/*',
    ],
    callers: ['anonymous'],
    requests: () =>
      fc.oneof(
        fc
          .constantFrom(
            '../../../package.json',
            '%2e%2e/%2e%2e/package.json',
            '..%2f..%2fpackage.json',
            '....//....//etc/passwd',
            '%00index.html',
            'no-such-file.js',
          )
          .map((file) => ({ method: 'GET' as const, url: `/api/docs/static/${file}` })),
        fc.constantFrom('/api/docs', '/api/docs/json', '/api/docs/yaml').chain(otherMethods),
      ),
  },
  {
    route: 'OPTIONS * (preflights from origins not in CORS_ORIGINS)',
    covers: ['OPTIONS *'],
    callers: ['anonymous'],
    refusal: 'no cors grant',
    requests: (scene) =>
      fc
        .record({
          url: fc.constantFrom(
            '/api/products',
            `/api/products/${scene.productId}`,
            '/api/orders',
            '/api/users',
          ),
          origin: fc.constantFrom('https://evil.example', 'null', 'http://localhost:3000.evil.example', ''),
          method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'TRACE'),
        })
        .map(({ url, origin, method }) => ({
          method: 'OPTIONS' as const,
          url,
          headers: { origin, 'access-control-request-method': method },
        })),
  },
  ...['/api/health', '/api/openapi.json'].map(noInputRoute),
];
