import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// `npm run dev -w @bazaar/server` listens here; the dev server forwards what the real server would serve.
const devApiOrigin = 'http://localhost:3000';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes a .br and a .gz beside every built script and stylesheet, compressed once at the highest level:
 * the server sends them as they are (smaller than compressing on each request, and no CPU per request).
 */
function precompress(): Plugin {
  return {
    name: 'bazaar-precompress',
    apply: 'build',
    async writeBundle({ dir = 'dist' }, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(dir, name);
          const content = await readFile(path);
          const quality = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY };
          await writeFile(`${path}.br`, await brotli(content, { params: quality }));
          await writeFile(`${path}.gz`, await gzipped(content, { level: constants.Z_BEST_COMPRESSION }));
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    proxy: {
      '/api': devApiOrigin,
      '/images': devApiOrigin,
      '/robots.txt': devApiOrigin,
      '/sitemap.xml': devApiOrigin,
      '/sitemaps': devApiOrigin,
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // .vite/manifest.json: the server names a page's script files in its head (modules/seo/page-modules.ts).
    manifest: true,
    // Every browser the shop supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What the first page needs in one file rather than a handful: fewer requests, better compression.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
