import { crc32, createDeflate, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { asBearer, type TestAccount } from './accounts.ts';

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  content: Buffer | string;
}

/** A multipart/form-data body and its Content-Type, as a browser's FormData sends it. */
export function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = '----bazaar-test-boundary';
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
        (part.filename === undefined ? '' : `; filename="${part.filename}"`) +
        `\r\n${part.filename === undefined ? '' : `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`}\r\n`,
    ),
    Buffer.from(part.content),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** POST /api/uploads of one file in the field `file`. */
export function upload(
  app: FastifyInstance,
  account: TestAccount | undefined,
  content: Buffer | string,
  filename = 'photo.jpg',
) {
  const { payload, contentType } = multipart([
    { name: 'file', filename, contentType: 'image/jpeg', content },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...(account ? asBearer(account) : {}), 'content-type': contentType },
    payload,
  });
}

/** Uploads a small JPEG as `account` and answers its URL; throws unless the shop took it (201). */
export async function uploadedPictureOf(app: FastifyInstance, account: TestAccount): Promise<string> {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c84' } })
    .jpeg()
    .toBuffer();
  const response = await upload(app, account, photo);
  if (response.statusCode !== 201) throw new Error(`the upload failed: ${response.body}`);
  return response.json<{ url: string }>().url;
}

/**
 * Detail at every scale, as in a photo of a real scene (about as strong at each scale, as natural pictures are):
 * random values on ever finer grids, each smoothly interpolated to `width` × `height`. Values around 0, one a pixel.
 */
function sceneDetail(width: number, height: number): Float32Array {
  const detail = new Float32Array(width * height);
  const smooth = (t: number) => t * t * (3 - 2 * t);
  for (let cell = 512; cell >= 2; cell /= 2) {
    const gridWidth = Math.ceil(width / cell) + 1;
    const grid = Float32Array.from(
      { length: gridWidth * (Math.ceil(height / cell) + 1) },
      () => Math.random() - 0.5,
    );
    for (let y = 0; y < height; y += 1) {
      const row = Math.floor(y / cell);
      const down = smooth((y % cell) / cell);
      for (let x = 0; x < width; x += 1) {
        const at = row * gridWidth + Math.floor(x / cell);
        const across = smooth((x % cell) / cell);
        const top = (grid[at] ?? 0) * (1 - across) + (grid[at + 1] ?? 0) * across;
        const bottom = (grid[at + gridWidth] ?? 0) * (1 - across) + (grid[at + gridWidth + 1] ?? 0) * across;
        const pixel = y * width + x;
        detail[pixel] = (detail[pixel] ?? 0) + (top * (1 - down) + bottom * down) * 50;
      }
    }
  }
  return detail;
}

/**
 * A photo as a phone takes it: a gradient with noise, EXIF with the camera, the owner and a GPS position.
 * With `scene`, the gradient carries detail at every scale, so that its smaller widths keep detail as a real
 * photo's do (plain grain averages away when the picture is made smaller).
 */
export async function phonePhoto(options: {
  width: number;
  height: number;
  orientation?: number;
  quality?: number;
  /** How grainy: 0 is a smooth gradient. */
  noise?: number;
  scene?: boolean;
}) {
  const { width, height, noise: grain = 64 } = options;
  const detail = options.scene ? sceneDetail(width, height) : undefined;
  // Clamped: a bright detail on a bright spot stays white instead of wrapping round to black.
  const pixels = new Uint8ClampedArray(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      const noise = Math.floor(Math.random() * grain) + (detail?.[y * width + x] ?? 0);
      pixels[at] = Math.floor((x / width) * 191) + noise;
      pixels[at + 1] = Math.floor((y / height) * 191) + noise;
      pixels[at + 2] = 96 + noise;
    }
  }
  return sharp(Buffer.from(pixels.buffer), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: options.quality ?? 90 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pocket 12', Artist: 'Olive Owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2940/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4000/100',
      },
    })
    .withMetadata({ orientation: options.orientation ?? 1 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The start and step of the columns and rows of the 7 passes of an Adam7-interlaced PNG. */
const ADAM7 = [
  [0, 8, 0, 8],
  [4, 8, 0, 8],
  [0, 4, 4, 8],
  [2, 4, 0, 4],
  [0, 2, 2, 4],
  [1, 2, 0, 2],
  [0, 1, 1, 2],
] as const;

/**
 * A memory bomb under the pixel limit (issue 42, point 6): a valid 16-bit RGBA Adam7-interlaced PNG of `size` ×
 * `size` transparent pixels. 7070 × 7070 is 50 megapixels, about 1.7 MB on disk and 400 MB once decoded. The
 * pixels are compressed as a stream, so making it takes no more memory than the file.
 */
export async function interlacedPngBomb(size = 7070): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([16, 6, 0, 0, 1], 8); // 16 bits, RGBA, deflate, no filter, Adam7
  const deflate = createDeflate({ level: 1 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (const [x0, dx, y0, dy] of ADAM7) {
    const columns = Math.ceil((size - x0) / dx);
    const rows = Math.ceil((size - y0) / dy);
    const rowBytes = 1 + columns * 8; // filter 0, then 8 bytes a pixel, all 0
    const perWrite = Math.max(1, Math.floor(4_000_000 / rowBytes));
    const rowsOf = Buffer.alloc(perWrite * rowBytes);
    for (let y = 0; y < rows; y += perWrite) {
      const written = deflate.write(rowsOf.subarray(0, Math.min(perWrite, rows - y) * rowBytes));
      if (!written) await new Promise((resume) => deflate.once('drain', resume));
    }
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A decompression bomb: a valid 1-bit grayscale PNG of `size` × `size` white pixels, about 100 KB for 30000 ×
 * 30000 (900 megapixels once decoded).
 */
export function pngBomb(size = 30000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, grayscale, deflate, no filter, no interlace
  const row = Buffer.alloc(1 + Math.ceil(size / 8), 0xff);
  row[0] = 0;
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
