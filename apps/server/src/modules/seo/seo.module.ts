import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { CatalogCache } from '../catalog-cache/catalog-cache.module.ts';
import { pageTemplate } from './page-head.ts';
import type { PageCode } from './page-modules.ts';
import { createSeoRepository } from './seo.repository.ts';
import { pageRoutes, sitemapRoutes } from './seo.routes.ts';
import { createSeoService, type SeoReaders } from './seo.service.ts';
import { createSitemaps } from './sitemaps.ts';

export type { SeoReaders } from './seo.service.ts';
export { readPageModules } from './page-modules.ts';

/**
 * What the shop tells search engines and link previews: robots.txt, the sitemaps, and, when the web app is built
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
  await app.register(sitemapRoutes(createSitemaps(repository, pages, catalogCache), catalogCache));
  if (indexHtml !== undefined)
    await app.register(pageRoutes(pages, pageTemplate(indexHtml, pageModules), catalogCache));
}
