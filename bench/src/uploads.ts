// `npm run bench:uploads`: what uploading pictures costs the shop. Upload throughput for 5 MB phone photos, the
// server's peak memory while 10 of them arrive at once, how fast a decompression bomb is refused, and the bytes a
// phone downloads for a product's main picture before (the original photo) and after (the stored widths).
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { multipart, phonePhoto, pngBomb } from '@bazaar/server/testing';
import { UPLOAD_WIDTHS } from '@bazaar/shared/uploads';
import { procStatusMb } from './load.ts';
import { launchChromium, loadMainPicture, SCREENS, serveJpeg, type MainPictureLoad } from './main-picture.ts';
import { benchDataDir, startShop, type DatabaseEnv } from './shop.ts';

const SEQUENTIAL = Number(process.env.UPLOADS ?? 10);
const AT_ONCE = 10;
const TARGET_BYTES = 5 * 1024 * 1024;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * A 4000 × 3000 JPEG at quality 95 of about 5 MB, as a phone's camera makes one: detail at every scale, so that
 * its smaller widths weigh what a photo's do (grain tuned to reach the size).
 */
async function fiveMegabytePhoto(): Promise<Buffer> {
  const shot = (noise: number) => phonePhoto({ width: 4000, height: 3000, quality: 95, noise, scene: true });
  let photo = await shot(8);
  for (let noise = 8; photo.length < TARGET_BYTES * 0.9 || photo.length > TARGET_BYTES * 1.1;) {
    noise = Math.round(noise * (photo.length < TARGET_BYTES ? 1.3 : 0.8));
    photo = await shot(noise);
  }
  return photo;
}

/** The resident memory of process `pid`, in bytes: now (VmRSS) and its peak so far (VmHWM); 0 without /proc. */
async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const bytes = async (field: 'VmRSS' | 'VmHWM') => ((await procStatusMb(pid, field)) ?? 0) * 1024 * 1024;
  return { rss: await bytes('VmRSS'), peak: await bytes('VmHWM') };
}

async function main() {
  await mkdir(benchDataDir, { recursive: true });
  const dataDir = await mkdtemp(join(benchDataDir, 'uploads-'));
  const database: DatabaseEnv = process.env.DATABASE_URL
    ? { DATABASE_URL: process.env.DATABASE_URL }
    : { DATA_DIR: dataDir };
  const photo = await fiveMegabytePhoto();
  const bomb = pngBomb(30000);
  const shop = await startShop(database, { UPLOADS_PER_HOUR: '100000' });
  try {
    const signUp = await fetch(`${shop.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shop.url },
      body: JSON.stringify({
        name: 'Bench Seller',
        email: 'seller@bench.test',
        password: 'correct horse battery',
      }),
    });
    const token = signUp.headers.get('set-auth-token');
    if (!signUp.ok || !token) throw new Error(`sign-up answered ${signUp.status}`);

    const send = async (file: Buffer, expected: number) => {
      const { payload, contentType } = multipart([{ name: 'file', filename: 'photo.jpg', content: file }]);
      const started = performance.now();
      const response = await fetch(`${shop.url}/api/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        body: payload,
      });
      const body = (await response.json()) as { url: string };
      if (response.status !== expected)
        throw new Error(`upload answered ${response.status}: ${JSON.stringify(body)}`);
      return { ms: performance.now() - started, url: body.url };
    };

    await send(photo, 201); // warm-up
    const idle = await memoryOf(shop.pid);

    const times: number[] = [];
    let url = '';
    for (let i = 0; i < SEQUENTIAL; i++) ({ ms: times[i], url } = await send(photo, 201));
    const total = times.reduce((sum, ms) => sum + ms, 0);

    let peakRss = 0;
    const sampler = setInterval(() => {
      void memoryOf(shop.pid).then(({ rss }) => (peakRss = Math.max(peakRss, rss)));
    }, 10);
    const burstStart = performance.now();
    await Promise.all(Array.from({ length: AT_ONCE }, () => send(photo, 201)));
    const burstMs = performance.now() - burstStart;
    clearInterval(sampler);
    const after = await memoryOf(shop.pid);

    const bombTimes: number[] = [];
    for (let i = 0; i < 5; i++) bombTimes.push((await send(bomb, 413)).ms);

    const createProduct = async (mainImage: string) => {
      const response = await fetch(`${shop.url}/api/products`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench Scarf', price: 24, description: 'A phone photo.', mainImage }),
      });
      const body = (await response.json()) as { _id: string };
      if (response.status !== 201)
        throw new Error(`product answered ${response.status}: ${JSON.stringify(body)}`);
      return `${shop.url}/product/${body._id}`;
    };
    // Before: the original photo as a pasted URL to another host. After: the upload's stored widths.
    const original = await serveJpeg(photo);
    const browser = await launchChromium();
    const pictures: { screen: (typeof SCREENS)[number]; before: MainPictureLoad; after: MainPictureLoad }[] =
      [];
    try {
      const beforePage = await createProduct(original.url);
      const afterPage = await createProduct(url);
      const uploaded = url.replace(/\d+\.webp$/, '');
      for (const screen of SCREENS) {
        pictures.push({
          screen,
          before: await loadMainPicture(browser, beforePage, screen, (address) => address === original.url),
          after: await loadMainPicture(browser, afterPage, screen, (address) => address.startsWith(uploaded)),
        });
      }
    } finally {
      await browser.close();
      await original.close();
    }

    const widths = await Promise.all(
      UPLOAD_WIDTHS.map(async (width) => {
        const response = await fetch(url.replace(/\d+\.webp$/, `${width}.webp`));
        return [width, (await response.arrayBuffer()).byteLength] as const;
      }),
    );

    console.log(
      `Photo: 4000 × 3000 JPEG, quality 95, ${mb(photo.length)}; engine: ${'DATABASE_URL' in database ? 'PostgreSQL' : 'PGlite'}`,
    );
    console.log(
      `One at a time (${SEQUENTIAL}): median ${median(times).toFixed(0)} ms per photo, ` +
        `${((SEQUENTIAL * 1000) / total).toFixed(2)} photos/s, ${mb((SEQUENTIAL * photo.length * 1000) / total)}/s`,
    );
    console.log(
      `${AT_ONCE} at once: all stored in ${burstMs.toFixed(0)} ms, ` +
        `${((AT_ONCE * 1000) / burstMs).toFixed(2)} photos/s, ${mb((AT_ONCE * photo.length * 1000) / burstMs)}/s`,
    );
    console.log(
      `Server RSS: ${mb(idle.rss)} idle after one upload; peak ${mb(peakRss)} sampled during the ${AT_ONCE} ` +
        `(VmHWM ${mb(after.peak)}, ${mb(after.rss)} after)`,
    );
    console.log(
      `30000 × 30000 PNG bomb (${kb(bomb.length)}): refused (413) in median ${median(bombTimes).toFixed(1)} ms, ` +
        `slowest ${Math.max(...bombTimes).toFixed(1)} ms`,
    );
    console.log(
      `Stored widths of the photo: ${widths.map(([width, bytes]) => `${width}w ${kb(bytes)}`).join(', ')}`,
    );
    console.log(
      `Main picture of /product/{id} in Chromium, empty cache (sizes: ${pictures[0]?.after.sizes}):`,
    );
    console.table(
      pictures.map(({ screen, before, after }) => ({
        screen: `${screen.label} @${screen.dpr}x`,
        'shown (CSS px)': after.shownWidth,
        'device px': after.neededPixels,
        'before: bytes': kb(before.bytes),
        'after: chosen': `${after.receivedPixels}w`,
        'after: bytes': kb(after.bytes),
        'after: responses': after.responses,
        'after / before': `${((100 * after.bytes) / before.bytes).toFixed(1)}%`,
      })),
    );
  } finally {
    await shop.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
