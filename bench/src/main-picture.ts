// What a shopper's browser downloads for a product page's main picture: real Chromium opens `/product/{id}` at a
// phone's size (three pixel densities) and a desktop's, and counts the bytes of the main picture's responses.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { chromePath, CHROMIUM_FLAGS } from './storefront.ts';

export interface Screen {
  label: string;
  width: number;
  height: number;
  dpr: number;
  phone: boolean;
}

export const SCREENS: Screen[] = [
  { label: 'phone 390 × 844', width: 390, height: 844, dpr: 1, phone: true },
  { label: 'phone 390 × 844', width: 390, height: 844, dpr: 2, phone: true },
  { label: 'phone 390 × 844', width: 390, height: 844, dpr: 3, phone: true },
  { label: 'desktop 1280 × 900', width: 1280, height: 900, dpr: 1, phone: false },
];

export interface MainPictureLoad {
  /** The address the browser chose (`img.currentSrc`), and the `sizes` it chose by. */
  chosen: string;
  sizes: string;
  /** The picture's width in CSS pixels on that screen, and the device pixels that fill it. */
  shownWidth: number;
  neededPixels: number;
  /** The width of the picture the browser received, in pixels. */
  receivedPixels: number;
  /** How many responses the main picture took, and their body bytes as sent over the network. */
  responses: number;
  bytes: number;
}

/** What the bench reads of an `<img>` (its TypeScript has no DOM types). */
interface ShownImage {
  currentSrc: string;
  sizes: string;
  clientWidth: number;
  naturalWidth: number;
  decode(): Promise<void>;
}

/** Serves `file` as a JPEG at `/photo.jpg` on a port of its own, as a picture hosted somewhere else would be. */
export async function serveJpeg(file: Buffer): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.url !== '/photo.jpg') return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': file.length }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/photo.jpg`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: chromePath(), args: CHROMIUM_FLAGS });

/**
 * Opens `pageUrl` on `screen` with an empty cache and measures the main picture: every response whose address
 * `isMainPicture` accepts (its `src` and each `srcset` candidate) counts, with its encoded body size.
 */
export async function loadMainPicture(
  browser: Browser,
  pageUrl: string,
  screen: Screen,
  isMainPicture: (url: string) => boolean,
): Promise<MainPictureLoad> {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.dpr,
    isMobile: screen.phone,
    hasTouch: screen.phone,
  });
  try {
    const page = await context.newPage();
    // Every response counts, the same address fetched twice too.
    const finished: { url: string; bytes: Promise<number> }[] = [];
    let onFinished = () => {};
    page.on('requestfinished', (request) => {
      if (!isMainPicture(request.url())) return;
      finished.push({ url: request.url(), bytes: request.sizes().then((sizes) => sizes.responseBodySize) });
      onFinished();
    });
    const hasArrived = (url: string) => finished.some((response) => response.url === url);
    await page.goto(pageUrl);
    const main = page.getByRole('main').getByRole('article').first().locator('img').first();
    // Resolves once the chosen candidate has arrived and can be drawn.
    await main.evaluate((img: ShownImage) => img.decode());
    const { chosen, sizes, shownWidth, naturalWidth } = await main.evaluate((img: ShownImage) => ({
      chosen: img.currentSrc,
      sizes: img.sizes,
      shownWidth: img.clientWidth,
      naturalWidth: img.naturalWidth,
    }));
    // The image's load event may come before the network's end of its response.
    if (!hasArrived(chosen)) {
      await new Promise<void>((resolve) => {
        onFinished = () => {
          if (hasArrived(chosen)) resolve();
        };
      });
    }
    const bodies = await Promise.all(finished.map((response) => response.bytes));
    return {
      chosen,
      sizes,
      shownWidth,
      neededPixels: Math.round(shownWidth * screen.dpr),
      // A srcset candidate's naturalWidth is scaled by its density: its address names its width (the photo is wider).
      receivedPixels: Number(/\/(\d+)\.webp$/.exec(chosen)?.[1] ?? naturalWidth),
      responses: bodies.length,
      bytes: bodies.reduce((sum, bytes) => sum + bytes, 0),
    };
  } finally {
    await context.close();
  }
}
