import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../errors/app-error.ts';
import { etagMatches } from '../../lib/etag.ts';
import { cachedRoute, type CatalogCache } from '../catalog-cache/catalog-cache.module.ts';
import { CARD, type PageHead } from './page-head.ts';
import type { PreviewCard, Previews } from './previews.ts';
import { STATIC_PAGES, type SeoService } from './seo.service.ts';
import type { Sitemaps } from './sitemaps.ts';

const HTML = 'text/html; charset=utf-8';
const XML = 'application/xml; charset=utf-8';
/** Longer paths are answered but not kept: no product id, handle or category name is this long. */
const CACHED_PATH_MAX = 300;
/** robots.txt and the product sitemaps (too large for the catalog cache) may be kept by crawlers for an hour. */
const CRAWLER_CACHE = 'public, max-age=3600';

const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!;

/** The URL's search parameters as Fastify parsed them: none on a page as a link names it, some with filters. */
const queryOf = (request: FastifyRequest) => request.query as Record<string, unknown>;
const hasQuery = (request: FastifyRequest) => Object.keys(queryOf(request)).length > 0;

/**
 * The words of a search page with no other choice (filter, sort) in its URL, whose first results the page carries;
 * undefined otherwise. `/search` and `/search?q=` list everything.
 */
function plainSearchOf(request: FastifyRequest): string | undefined {
  const query = queryOf(request);
  const names = Object.keys(query);
  if (names.length === 0) return '';
  return names.length === 1 && typeof query.q === 'string' ? query.q : undefined;
}

/** The rest of the path after a route's prefix, when it is one segment (a client route matches nothing else). */
function segmentOf(request: FastifyRequest): string | undefined {
  const rest = (request.params as { '*': string })['*'];
  return rest && !rest.includes('/') ? rest : undefined;
}

/**
 * The web app's pages, each with its own head (title, description, canonical address, link previews, JSON-LD), and
 * a 404 for a product or seller that does not exist: the app then shows its error page. Pages that read the
 * catalog are kept in the catalog cache, which every catalog write empties.
 */
export function pageRoutes(pages: SeoService, render: (head: PageHead) => string, cache: CatalogCache) {
  const send = (reply: FastifyReply, head: PageHead | undefined) =>
    reply
      .code(head ? 200 : 404)
      .type(HTML)
      .header('cache-control', 'no-cache')
      .send(render(head ?? pages.notFound));
  const cached = cachedRoute(cache, (request) => {
    const path = pathOf(request);
    return path.length <= CACHED_PATH_MAX ? `page${path}` : undefined;
  });
  // A seller's page carries its first products when no filter is chosen: only that page is kept.
  const cachedPlain = cachedRoute(cache, (request) => {
    const path = pathOf(request);
    return path.length <= CACHED_PATH_MAX && !hasQuery(request) ? `page${path}` : undefined;
  });
  // Kept like the list's own answers: shoppers repeat each other's words, the cache's budget drops the rarest.
  const cachedSearch = cachedRoute(cache, (request) => {
    const words = plainSearchOf(request);
    return words !== undefined && words.length <= CACHED_PATH_MAX
      ? `page/search?q=${JSON.stringify(words)}`
      : undefined;
  });

  return async function (app: FastifyInstance) {
    app.get('/', cached, (_request, reply) => send(reply, pages.home()));
    for (const path of Object.keys(STATIC_PAGES)) {
      app.get(path, cached, (_request, reply) => send(reply, pages.staticPage(path)));
    }
    app.get('/product/*', cached, async (request, reply) => {
      const id = segmentOf(request);
      return send(reply, id === undefined ? undefined : await pages.product(id));
    });
    app.get('/seller/*', cachedPlain, async (request, reply) => {
      const handle = segmentOf(request);
      return send(reply, handle === undefined ? undefined : await pages.seller(handle, !hasQuery(request)));
    });
    app.get('/search/*', cached, async (request, reply) => {
      const nameId = segmentOf(request);
      return send(reply, nameId === undefined ? undefined : await pages.category(nameId));
    });
    app.get('/search', cachedSearch, async (request, reply) =>
      send(reply, await pages.search(queryOf(request).q, plainSearchOf(request) !== undefined)),
    );
  };
}

/** robots.txt, the sitemap index and its files. */
export function sitemapRoutes(sitemaps: Sitemaps, cache: CatalogCache) {
  return async function (app: FastifyInstance) {
    app.get('/robots.txt', (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', CRAWLER_CACHE).send(sitemaps.robots()),
    );
    app.get(
      '/sitemap.xml',
      cachedRoute(cache, () => 'sitemap.xml'),
      async (_request, reply) => reply.type(XML).send(await sitemaps.index()),
    );
    app.get<{ Params: { file: string } }>(
      '/sitemaps/:file',
      // Up to 50,000 products make megabytes: left to crawlers' caches rather than the catalog cache.
      cachedRoute(cache, (request) => {
        const { file } = request.params as { file: string };
        return file.startsWith('products-') ? undefined : `sitemaps/${file}`;
      }),
      async (request, reply) => {
        const xml = await sitemaps.file(request.params.file);
        if (xml === undefined) throw notFound('Sitemap');
        if (request.params.file.startsWith('products-')) void reply.header('cache-control', CRAWLER_CACHE);
        return reply.type(XML).send(xml);
      },
    );
  };
}

/** Crawlers and messengers may keep a card for an hour, then ask again with its ETag. */
const CARD_CACHE = 'public, max-age=3600';

/** The link-preview cards (`og:image`) of the home page, products, sellers and categories. */
export function previewRoutes(previews: Previews) {
  const sendCard = async (request: FastifyRequest, reply: FastifyReply, card: PreviewCard) => {
    void reply.header('ETag', card.etag).header('Cache-Control', CARD_CACHE).type(CARD.type);
    if (etagMatches(request.headers['if-none-match'], card.etag)) return reply.status(304).send();
    return reply.send(await card.bytes());
  };

  return async function (app: FastifyInstance) {
    app.get('/previews/shop.jpg', (request, reply) => sendCard(request, reply, previews.shop()));
    app.get<{ Params: { id: string } }>('/previews/products/:id.jpg', async (request, reply) =>
      sendCard(request, reply, await previews.product(request.params.id)),
    );
    app.get<{ Params: { handle: string } }>('/previews/sellers/:handle.jpg', async (request, reply) =>
      sendCard(request, reply, await previews.seller(request.params.handle)),
    );
    app.get<{ Params: { name: string } }>('/previews/categories/:name.jpg', async (request, reply) =>
      sendCard(request, reply, await previews.category(request.params.name)),
    );
  };
}
