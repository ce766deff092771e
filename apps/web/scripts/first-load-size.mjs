// Prints the gzip size of what `/` loads before any route code: the entry script, its modulepreload links
// and the stylesheets named in dist/index.html. Run after `npm run build`.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const html = readFileSync(new URL('index.html', dist), 'utf8');
const assets = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/(assets\/[^"]+\.(js|css))"/g)];

const format = (bytes) =>
  `${(bytes / 1024).toFixed(2).padStart(7)} KiB ${(bytes / 1000).toFixed(2).padStart(7)} kB`;
const totals = { js: 0, css: 0 };
for (const [, path, kind] of assets) {
  const size = gzipSync(readFileSync(new URL(path, dist))).length;
  totals[kind] += size;
  console.log(`${format(size)}  ${path}`);
}
console.log(`${format(totals.js)}  JavaScript (gzip)`);
console.log(`${format(totals.css)}  CSS (gzip)`);
