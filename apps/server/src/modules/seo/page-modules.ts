import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The web app's pages whose code the server names, by the source file of the route (apps/web/src/app/router.tsx
 * loads each lazily). A test checks that every file still exists.
 */
export const PAGE_SOURCES = {
  product: 'src/features/catalog/product-page.tsx',
  category: 'src/features/catalog/category-products-page.tsx',
  seller: 'src/features/sellers/seller-page.tsx',
  search: 'src/features/search/search-page.tsx',
} as const;

export type PageCode = keyof typeof PAGE_SOURCES;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The script files each page's code is made of, from the web build's manifest (`.vite/manifest.json`), without
 * the entry that index.html loads already: listed in the page's head as module preloads, they download beside
 * the entry instead of after it. Empty when the build has no manifest.
 */
export function readPageModules(webDist: string | undefined): Record<PageCode, string[]> {
  const path = webDist === undefined ? undefined : join(webDist, '.vite', 'manifest.json');
  const manifest =
    path !== undefined && existsSync(path)
      ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>)
      : {};

  const filesOf = (key: string, seen = new Set<string>()): string[] => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || seen.has(key)) return [];
    seen.add(key);
    return [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap((imported) => filesOf(imported, seen))];
  };
  const entries = Object.entries(PAGE_SOURCES).map(([page, source]) => [page, filesOf(source)]);
  return Object.fromEntries(entries) as Record<PageCode, string[]>;
}
