import { createHash } from 'node:crypto';
import type { default as SharpLibrary, Metadata, OutputInfo } from 'sharp';
import { UPLOAD_WIDTHS } from '@bazaar/shared/uploads';
import { AppError } from '../../errors/app-error.ts';

/** More pixels than a 48-megapixel phone photo: refused from the file's header, before anything is decoded. */
export const MAX_PIXELS = 50_000_000;

/**
 * The most memory one picture's pixels may take once decoded, reckoned from its header: a 50-megapixel 8-bit RGB
 * photo (150 MB) fits, a 7070 × 7070 16-bit RGBA PNG (400 MB, from a 590 KB file) does not (issue 42, point 6).
 */
export const MAX_DECODED_BYTES = 160 * 1024 * 1024;

/** How many pictures this process decodes at once; more wait their turn, so memory stays flat under a burst. */
export const AT_ONCE = 2;

/** Bytes per sample of each libvips band format sharp reports as `depth`. */
const SAMPLE_BYTES: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/**
 * What decoding the picture takes in memory, from its header: every pixel's channels at their sample size. An
 * interlaced (Adam7) PNG is decoded whole into memory by libspng before libvips reads a line of it, and then
 * converted: counted twice. Other pictures are read a few lines at a time, but a budget on the whole image keeps a
 * worst case that does not depend on how libvips happens to schedule them.
 */
export function decodedBytes(
  header: Pick<Metadata, 'format' | 'width' | 'height' | 'channels' | 'depth' | 'isProgressive'>,
): number {
  const sample = SAMPLE_BYTES[header.depth ?? 'uchar'] ?? 16;
  const whole = header.width * header.height * header.channels * sample;
  return header.format === 'png' && header.isProgressive ? 2 * whole : whole;
}

let loaded: Promise<typeof SharpLibrary> | undefined;

/**
 * sharp, loaded at the first picture: libvips adds about 20 MB to the server's memory, which a shop receiving no
 * pictures need not hold.
 */
function loadSharp() {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // Each picture is read once, so libvips' operation cache only holds memory; two threads per picture.
    sharp.cache(false);
    sharp.concurrency(2);
    return sharp;
  });
  return loaded;
}

export interface StoredWidth {
  /** The width asked for (one of UPLOAD_WIDTHS); the picture is narrower when the original was. */
  width: number;
  etag: string;
  bytes: Buffer;
}

export interface Picture {
  width: number;
  height: number;
  files: StoredWidth[];
}

const unsupported = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', message);
const ACCEPTED = 'Send a JPEG, PNG, WebP or AVIF picture.';

/** The picture's kind from its bytes (never its name or Content-Type), refusing all but the accepted ones. */
async function checkedHeader(
  sharp: typeof SharpLibrary,
  file: string,
): Promise<{ width: number; height: number }> {
  let header: Metadata;
  try {
    // The header only: sharp's own pixel limit would call a bomb unreadable instead of too large.
    header = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported(`This file is not a picture the shop can read. ${ACCEPTED}`);
  }
  const { format, compression, width, height } = header;
  const accepted =
    format === 'jpeg' ||
    format === 'png' ||
    format === 'webp' ||
    (format === 'heif' && compression === 'av1');
  if (!accepted) throw unsupported(`${format.toUpperCase()} pictures are not accepted. ${ACCEPTED}`);
  if (width * height > MAX_PIXELS) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The picture has too many pixels (${width} × ${height}); at most ${MAX_PIXELS / 1_000_000} megapixels are accepted.`,
    );
  }
  const bytes = decodedBytes(header);
  if (bytes > MAX_DECODED_BYTES) {
    const megabytes = (count: number) => Math.ceil(count / 1024 / 1024);
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The picture would take ${megabytes(bytes)} MB of memory once decoded (${width} × ${height}, ` +
        `${header.channels} channels of ${header.depth ?? 'uchar'}${header.isProgressive ? ', interlaced' : ''}); ` +
        `at most ${megabytes(MAX_DECODED_BYTES)} MB are accepted. Send it as an 8-bit JPEG or PNG.`,
    );
  }
  return { width, height };
}

const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url')}"`;

/**
 * Turns an upload into the stored WebP widths: upright by its EXIF orientation, converted to sRGB, without any
 * metadata (sharp writes none unless asked), never enlarged.
 */
async function storedWidths(file: string): Promise<Picture> {
  const sharp = await loadSharp();
  await checkedHeader(sharp, file);
  const largest = UPLOAD_WIDTHS[UPLOAD_WIDTHS.length - 1];
  let upright: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once, at most at the largest width (JPEG shrinks on load); the smaller widths come from these pixels.
    upright = await sharp(file, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unsupported(`The picture could not be read: the file is damaged or incomplete. ${ACCEPTED}`);
  }
  const { width, height, channels } = upright.info;
  const files: StoredWidth[] = [];
  for (const slot of UPLOAD_WIDTHS) {
    const bytes = await sharp(upright.data, { raw: { width, height, channels } })
      .resize({ width: Math.min(slot, width) })
      .webp({ quality: 80 })
      .toBuffer();
    files.push({ width: slot, etag: etagOf(bytes), bytes });
    if (width <= slot) break;
  }
  return { width, height, files };
}

/**
 * The stored widths of the uploaded file at `path` (read from disk: a file waiting for its turn takes no memory), or
 * an AppError saying why it is refused. The caller runs it in its turn (`UploadQueue`).
 */
export const processPicture = (path: string): Promise<Picture> => storedWidths(path);
