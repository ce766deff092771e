import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { CatalogCache } from '../catalog-cache/catalog-cache.module.ts';
import { pageTemplate } from './page-head.ts';
import type { PageCode } from './page-modules.ts';
import { createSeoRepository } from './seo.repository.ts';
import { createPreviews } from './previews.ts';
import { pageRoutes, previewRoutes, sitemapRoutes } from './seo.routes.ts';
import { createSeoService, HOME_DESCRIPTION, type SeoReaders } from './seo.service.ts';
import { createSitemaps } from './sitemaps.ts';

export type { SeoReaders } from './seo.service.ts';
export { readPageModules } from './page-modules.ts';

/**
 * Reads one of the shop's own pictures (a drawing of `/images/` or an upload of `/media/`) as the shop serves it; any
 * other URL reads as nothing.
 */
function shopPictureReader(app: FastifyInstance, publicUrl: string) {
  return async (url: string): Promise<Buffer | undefined> => {
    const href = URL.parse(url, `${publicUrl}/`)?.href;
    const path = href?.startsWith(`${publicUrl}/`) ? href.slice(publicUrl.length) : undefined;
    if (!path || !/^\/(images|media)\//.test(path)) return undefined;
    const response = await app.inject({ method: 'GET', url: path });
    return response.statusCode === 200 ? response.rawPayload : undefined;
  };
}

/**
 * What the shop tells search engines and link previews: robots.txt, the sitemaps, the link-preview cards and, when the web app is built
 * (`indexHtml`, its index.html), its pages with their own heads.
 */
export async function registerSeo(
  app: FastifyInstance,
  {
    db,
    catalogCache,
    readers,
    publicUrl,
    indexHtml,
    pageModules = {},
  }: {
    db: Database;
    catalogCache: CatalogCache;
    readers: SeoReaders;
    publicUrl: string;
    indexHtml: string | undefined;
    /** The script files of each page's code, which its head names for the browser to fetch early. */
    pageModules?: Partial<Record<PageCode, string[]>>;
  },
) {
  const repository = createSeoRepository(db);
  const pages = createSeoService(repository, readers, publicUrl);
  const previews = createPreviews({
    readers,
    repository,
    readPicture: shopPictureReader(app, publicUrl),
    tagline: HOME_DESCRIPTION,
  });
  await app.register(previewRoutes(previews));
  await app.register(sitemapRoutes(createSitemaps(repository, pages, catalogCache), catalogCache));
  if (indexHtml !== undefined)
    await app.register(pageRoutes(pages, pageTemplate(indexHtml, pageModules), catalogCache));
}
