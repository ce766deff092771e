import fc from 'fast-check';
import { asSegment, hostileSegment, unstorableText, type HostileRequest } from '../../hostile/arbitraries.ts';
import { notHandle, otherMethods, type HostileRoute } from '../../hostile/hostile-entry.ts';
import { STATIC_PAGES } from './seo.service.ts';

/**
 * A path segment that no URL of the web app carries: NUL, malformed escapes, more path, nothing, far too long. (Not
 * `..`: a client resolves it, and `/product/..` is the home page.)
 */
const notOneSegment = fc.oneof(
  fc.constantFrom('', '%00', '%', '%FF', '%C3%28', 'a/b', `${'x'.repeat(3000)}/y`),
  fc
    .tuple(hostileSegment, hostileSegment)
    .map(([first, second]) => `${asSegment(first)}/${asSegment(second)}`),
  unstorableText.filter((text) => text.includes('\0')).map(asSegment),
);

/** A query parameter holding NUL, which no text column stores. */
const unstorableQuery = (path: string) =>
  fc
    .tuple(fc.constantFrom('q', 'utm_source', 'sort', '\0'), unstorableText)
    .filter(([key, value]) => `${key}${value}`.includes('\0'))
    .map(([key, value]) => ({
      method: 'GET' as const,
      url: `${path}?${new URLSearchParams({ [key]: value }).toString()}`,
    }));

const isDots = (part: string) => /^(\.|%2e){1,2}$/i.test(part);

/** The web app's page at `prefix` + one segment that names nothing: a 404 page or, for NUL, a 400. */
const pageNamingNothing = (prefix: string, named: fc.Arbitrary<string>) =>
  fc
    .oneof(named.map(asSegment), notOneSegment)
    .filter((segment) => !segment.split('/').some(isDots))
    .map((segment) => ({ method: 'GET' as const, url: `${prefix}${segment}` }) satisfies HostileRequest);

/** A link-preview card of `kind` named by any of `names`: none names a record, so each is a JSON 404 (or 400). */
const cardNamingNothing = (kind: string, names: fc.Arbitrary<string>) =>
  fc
    .oneof(names.map(asSegment), fc.constantFrom('', '%', '%FF', '%C3%28', '%00', 'a/b', 'x.png/y'))
    .filter((segment) => !segment.split('/').some(isDots))
    .map((segment) => ({ method: 'GET' as const, url: `/previews/${kind}/${segment}.jpg` }));

export const hostileRoutes: HostileRoute[] = [
  {
    route: 'GET /previews/products/:id.jpg',
    callers: ['anonymous', 'owner'],
    requests: (scene) =>
      cardNamingNothing(
        'products',
        hostileSegment.filter((id) => id !== scene.productId),
      ),
  },
  {
    route: 'GET /previews/sellers/:handle.jpg',
    callers: ['anonymous', 'owner'],
    requests: () =>
      cardNamingNothing(
        'sellers',
        fc
          .oneof(hostileSegment, notHandle, fc.constant('nobody-has-this'))
          .filter((text) => !['olive-owner', 'sam-stranger'].includes(text.trim().toLowerCase())),
      ),
  },
  {
    route: 'GET /previews/categories/:name.jpg',
    callers: ['anonymous'],
    requests: () => cardNamingNothing('categories', hostileSegment),
  },
  {
    route: 'GET /previews/shop.jpg (other methods, another kind)',
    covers: ['GET /previews/shop.jpg'],
    callers: ['anonymous'],
    requests: () =>
      fc.oneof(
        otherMethods('/previews/shop.jpg'),
        fc
          .constantFrom('/previews/shop.png', '/previews/shop.webp')
          .map((url) => ({ method: 'GET' as const, url })),
      ),
  },
  {
    route: 'GET /product/*',
    callers: ['anonymous', 'owner'],
    refusal: 'page not found',
    requests: (scene) =>
      pageNamingNothing(
        '/product/',
        hostileSegment.filter((id) => id !== scene.productId),
      ),
  },
  {
    route: 'GET /seller/*',
    callers: ['anonymous', 'owner'],
    refusal: 'page not found',
    requests: () =>
      pageNamingNothing(
        '/seller/',
        fc
          .oneof(hostileSegment, notHandle, fc.constant('nobody-has-this'))
          .filter((text) => !['olive-owner', 'sam-stranger'].includes(text.trim().toLowerCase())),
      ),
  },
  {
    // Any one segment is a category route value (a page, listing what its text contains): only more is refused.
    route: 'GET /search/*',
    callers: ['anonymous'],
    refusal: 'page not found',
    requests: () => pageNamingNothing('/search/', fc.constant('a/b')),
  },
  {
    route: 'GET / and the pages that read nothing (other methods, unstorable queries)',
    covers: ['GET /', 'GET /search', ...Object.keys(STATIC_PAGES).map((path) => `GET ${path}`)],
    callers: ['anonymous', 'owner'],
    requests: () =>
      fc
        .constantFrom('/', '/search', ...Object.keys(STATIC_PAGES))
        .chain((path) => fc.oneof(otherMethods(path), unstorableQuery(path))),
  },
  {
    route: 'GET /robots.txt, /sitemap.xml and /index.html (other methods)',
    covers: ['GET /robots.txt', 'GET /sitemap.xml', 'GET /index.html'],
    callers: ['anonymous'],
    requests: () => fc.constantFrom('/robots.txt', '/sitemap.xml', '/index.html').chain(otherMethods),
  },
  {
    route: 'GET /sitemaps/:file',
    callers: ['anonymous'],
    requests: () =>
      fc
        .oneof(
          hostileSegment.map(asSegment),
          fc.constantFrom(
            'products-0.xml',
            'products-2.xml',
            'pages-2.xml',
            'products-1.xml.gz',
            'products-01.xml',
          ),
          fc
            .tuple(fc.constantFrom('products', 'categories', 'sellers', 'pages', 'orders'), fc.integer())
            .filter(([set, number]) => !(number === 1 && set !== 'orders'))
            .map(([set, number]) => `${set}-${number}.xml`),
        )
        .filter((file) => !isDots(file))
        .map((file) => ({ method: 'GET' as const, url: `/sitemaps/${file}` })),
  },
];
