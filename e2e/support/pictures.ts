import { crc32, deflateSync } from 'node:zlib';
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import sharp from 'sharp';

/** A file as a test hands it to the page: dropped, or chosen in a file input. */
export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, sum]);
}

/** A PNG file of `width` × `height` pixels of one colour: its size tells it apart once the shop resized it. */
export function pngFile(
  name: string,
  width: number,
  height: number,
  [r, g, b]: [number, number, number],
): TestFile {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits a channel, RGB, no interlace
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

/** The colours of a `bandedPhoto`: its left band, its middle and its right band. */
export const BANDS = { left: [220, 30, 30], middle: [30, 60, 200], right: [240, 210, 20] } as const;

/**
 * A JPEG photo of `width` × `height` pixels, as a camera makes them: blue, with a red band down its left edge
 * and a yellow one down its right (a tenth of its width each), so that a page that crops it loses a band.
 */
export async function bandedPhoto(name: string, width: number, height: number): Promise<TestFile> {
  const band = Math.round(width / 10);
  const block = (colour: readonly number[], bandWidth: number) =>
    sharp({
      create: {
        width: bandWidth,
        height,
        channels: 3,
        background: { r: colour[0] ?? 0, g: colour[1] ?? 0, b: colour[2] ?? 0 },
      },
    })
      .png()
      .toBuffer();
  const [left, right] = await Promise.all([block(BANDS.left, band), block(BANDS.right, band)]);
  const [r, g, b] = BANDS.middle;
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: width - band, top: 0 },
    ])
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/**
 * The colours of the screen at the left and right edges of `target`, half way down, each as the nearest of
 * the `BANDS` (what a person sees at the edges of a `bandedPhoto` shown there).
 */
export async function edgeColours(target: Locator): Promise<{ left: string; right: string }> {
  const { data, info } = await sharp(await target.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const nearest = (x: number) => {
    const at = (Math.floor(info.height / 2) * info.width + x) * info.channels;
    const pixel = [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
    const distance = (colour: readonly number[]) =>
      colour.reduce((sum, value, channel) => sum + (value - (pixel[channel] ?? 0)) ** 2, 0);
    const [closest] = Object.entries(BANDS)
      .map(([band, colour]) => ({ band, off: distance(colour) }))
      .sort((a, b) => a.off - b.off);
    // Far from all three (the page's ground round a picture): none of them.
    return closest && closest.off < 3 * 60 ** 2 ? closest.band : 'none';
  };
  return { left: nearest(2), right: nearest(info.width - 3) };
}

/** A text file dressed as a photo: its name and type say JPEG, its content does not. */
export const TEXT_AS_JPEG: TestFile = {
  name: 'holiday.jpg',
  mimeType: 'image/jpeg',
  buffer: Buffer.from('Not a picture, only some text with a .jpg name.\n'),
};

/**
 * Drops `files` on `target` as a person dragging them from their desktop would: dragenter, dragover and drop
 * events carrying a DataTransfer that the page builds from the files.
 */
export async function dropFiles(target: Locator, files: readonly TestFile[]): Promise<void> {
  const dataTransfer = await target.page().evaluateHandle(
    (sent) => {
      const transfer = new DataTransfer();
      for (const { name, mimeType, base64 } of sent) {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        transfer.items.add(new File([bytes], name, { type: mimeType }));
      }
      return transfer;
    },
    files.map(({ name, mimeType, buffer }) => ({ name, mimeType, base64: buffer.toString('base64') })),
  );
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer });
  await dataTransfer.dispose();
}

/** What `POST /api/uploads` answered for one picture. */
export interface StoredUpload {
  url: string;
  width: number;
  height: number;
}

/** Collects the page's answered uploads (status and body), in the order they come. */
export function watchUploads(page: Page): { status: number; body: unknown }[] {
  const answers: { status: number; body: unknown }[] = [];
  const isUpload = (response: Response) =>
    response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/uploads';
  page.on('response', (response) => {
    if (!isUpload(response)) return;
    void response.json().then(
      (body: unknown) => answers.push({ status: response.status(), body }),
      () => answers.push({ status: response.status(), body: undefined }),
    );
  });
  return answers;
}

/** The stored upload of `width` × `height` among `answers`, once it has come. */
export async function uploadOfSize(
  answers: readonly { status: number; body: unknown }[],
  width: number,
  height: number,
): Promise<StoredUpload> {
  let found: StoredUpload | undefined;
  await expect
    .poll(() => {
      found = answers
        .filter((answer) => answer.status === 201)
        .map((answer) => answer.body as StoredUpload)
        .find((body) => body.width === width && body.height === height);
      return found !== undefined;
    })
    .toBe(true);
  return found as StoredUpload;
}
