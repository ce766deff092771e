// Prints the gzip size of what `/` loads before any route code: the entry script, its modulepreload links
// and the stylesheets named in dist/index.html. Run after `npm run build`.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const html = readFileSync(new URL('index.html', dist), 'utf8');
const assets = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/(assets\/[^"]+\.(js|css))"/g)];

const totals = { js: 0, css: 0 };
for (const [, path, kind] of assets) {
  const size = gzipSync(readFileSync(new URL(path, dist))).length;
  totals[kind] += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${path}`);
}
console.log(`${(totals.js / 1024).toFixed(2).padStart(8)} KB  JavaScript (gzip)`);
console.log(`${(totals.css / 1024).toFixed(2).padStart(8)} KB  CSS (gzip)`);
