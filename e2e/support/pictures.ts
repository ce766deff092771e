import { crc32, deflateSync } from 'node:zlib';
import { expect, type Locator, type Page, type Response } from '@playwright/test';

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
