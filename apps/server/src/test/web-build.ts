import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { expect } from 'vitest';
import type { PageData } from '@bazaar/shared/page-data';

/** The head of the web app's index.html as Vite builds it: a description, a title and the entry script. */
export const FAKE_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Bazaar: an online shop for new products, flash sales and every category."
    />
    <title>Bazaar</title>
    <script type="module" crossorigin src="/assets/main-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * Vite's manifest of that build: the entry, the product and seller pages' own scripts and one script they share.
 */
export const FAKE_MANIFEST = {
  'index.html': { file: 'assets/main-abc123.js', isEntry: true },
  'src/features/catalog/product-page.tsx': {
    file: 'assets/product-page-p1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-s1.js'],
  },
  'src/features/sellers/seller-page.tsx': {
    file: 'assets/seller-page-s2.js',
    isDynamicEntry: true,
    imports: ['_shared-s1.js', 'index.html'],
  },
  '_shared-s1.js': { file: 'assets/shared-s1.js', imports: ['index.html'] },
};

/**
 * A built web app in a temporary folder: its index.html, Vite's manifest and, unless `assets` is false, one hashed
 * script with a brotli copy that says something else, to see which file the server sent.
 */
export function fakeWebBuild({ assets = true } = {}): string {
  const dist = mkdtempSync(join(tmpdir(), 'bazaar-web-'));
  writeFileSync(join(dist, 'index.html'), FAKE_INDEX_HTML);
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(FAKE_MANIFEST));
  if (assets) {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log("shop")');
    writeFileSync(join(dist, 'assets', 'main-abc123.js.br'), brotliCompressSync('console.log("brotli")'));
  }
  return dist;
}

/** The answers the server wrote into a page for the app (see PAGE_DATA_ID), undefined when it wrote none. */
export function pageDataOf(html: string): PageData | undefined {
  const blocks = [...html.matchAll(/<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/g)];
  expect(blocks.length).toBeLessThanOrEqual(1);
  return blocks[0] && (JSON.parse(blocks[0][1]!) as PageData);
}
