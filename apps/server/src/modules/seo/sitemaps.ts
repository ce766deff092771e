import type { CatalogCache } from '../catalog-cache/catalog-cache.module.ts';
import { escapeHtml as escapeXml } from './page-head.ts';
import type { KeyBlock, SeoRepository, SitemapSet } from './seo.repository.ts';
import { STATIC_PAGES, type SeoService } from './seo.service.ts';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';

/** What robots may crawl: everything but the signed-in dashboard, the cart, checkout and the API. */
const DISALLOWED = ['/dashboard', '/cart', '/checkout', '/api/'];

/** A file of the sitemap index: one block of a set, numbered from 1, or the one file of static pages. */
const FILE_NAME = /^(products|categories|sellers|pages)-([1-9]\d{0,5})\.xml$/;
const SETS: SitemapSet[] = ['categories', 'sellers', 'products'];

interface UrlEntry {
  loc: string;
  lastmod?: Date;
  image?: string;
}

function urlset(entries: UrlEntry[]): string {
  const urls = entries.map(({ loc, lastmod, image }) => {
    const parts = [`<loc>${escapeXml(loc)}</loc>`];
    if (lastmod) parts.push(`<lastmod>${lastmod.toISOString()}</lastmod>`);
    if (image) parts.push(`<image:image><image:loc>${escapeXml(image)}</image:loc></image:image>`);
    return `<url>${parts.join('')}</url>`;
  });
  return `${XML_DECLARATION}\n<urlset xmlns="${SITEMAP_NS}" xmlns:image="${IMAGE_NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * robots.txt and the sitemaps, read from the database in blocks of the sets' keys. The blocks of each set are kept in
 * the catalog cache, so that the index and its files agree until the catalog changes.
 */
export function createSitemaps(repository: SeoRepository, pages: SeoService, cache: CatalogCache) {
  const fileUrl = (name: string) => pages.urlOf(`/sitemaps/${name}`);

  async function blocksOf(set: SitemapSet): Promise<KeyBlock[]> {
    await cache.catchUp();
    const key = `sitemap-blocks/${set}`;
    const kept = cache.response(key);
    if (kept) return JSON.parse(kept.bodies.identity.toString()) as KeyBlock[];
    const generation = cache.generation;
    const blocks = await repository.blocks(set);
    cache.storeResponse(key, generation, Buffer.from(JSON.stringify(blocks)), {});
    return blocks;
  }

  async function entriesOf(set: SitemapSet, block: KeyBlock): Promise<UrlEntry[]> {
    switch (set) {
      case 'products':
        return (await repository.productsIn(block)).map((product) => ({
          loc: pages.urlOf(`/product/${product.id}`),
          lastmod: product.updatedAt,
          image: pages.absolute(product.mainImageUrl),
        }));
      case 'categories':
        return (await repository.categoriesIn(block)).map((category) => ({
          loc: pages.categoryUrl(category.name),
          image: pages.absolute(category.imageUrl),
        }));
      case 'sellers':
        return (await repository.sellersIn(block)).map((seller) => ({
          loc: pages.urlOf(`/seller/${seller.handle}`),
        }));
    }
  }

  return {
    robots(): string {
      const lines = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`)];
      return `${lines.join('\n')}\n\nSitemap: ${pages.urlOf('/sitemap.xml')}\n`;
    },

    async index(): Promise<string> {
      const names = ['pages-1.xml'];
      for (const set of SETS) {
        const blocks = await blocksOf(set);
        names.push(...blocks.map((_, index) => `${set}-${index + 1}.xml`));
      }
      const entries = names.map((name) => `<sitemap><loc>${escapeXml(fileUrl(name))}</loc></sitemap>`);
      return `${XML_DECLARATION}\n<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
    },

    /** The file named `name`, or undefined when the index lists no such file. */
    async file(name: string): Promise<string | undefined> {
      const [, set, number] = FILE_NAME.exec(name) ?? [];
      if (!set || !number) return undefined;
      if (set === 'pages') {
        if (number !== '1') return undefined;
        const paths = Object.entries(STATIC_PAGES).filter(([, page]) => page.inSitemap);
        return urlset([{ loc: pages.urlOf('/') }, ...paths.map(([path]) => ({ loc: pages.urlOf(path) }))]);
      }
      const block = (await blocksOf(set as SitemapSet))[Number(number) - 1];
      return block && urlset(await entriesOf(set as SitemapSet, block));
    },
  };
}

export type Sitemaps = ReturnType<typeof createSitemaps>;
