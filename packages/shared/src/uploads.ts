/** The widths, in pixels, each uploaded picture is stored in (never wider than the picture itself). */
export const UPLOAD_WIDTHS = [320, 640, 960, 1280] as const;

/** The largest size a picture file may have when it is uploaded. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

// `/media/{upload id}/{width}.webp`: where the shop serves an uploaded picture at one of its widths.
const UPLOAD_PATH = /^\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/\d+\.webp$/;

/** The id of the upload behind `url`, when it is a picture the shop stored; else undefined. */
export function uploadIdOf(url: string): string | undefined {
  try {
    return UPLOAD_PATH.exec(new URL(url).pathname)?.[1];
  } catch {
    return undefined;
  }
}

/** The URL of upload `id` at `width` beside `url` (same origin). */
const atWidth = (url: string, id: string, width: number) => new URL(`/media/${id}/${width}.webp`, url).href;

/**
 * How wide a product page shows its main picture (`<img sizes>`): the page's column inside its 16px margins, one
 * column on phones, two 32px apart from medium screens up. The server's preload of the picture says the same.
 */
export const PRODUCT_PICTURE_SIZES =
  '(min-width: 1280px) 608px, (min-width: 768px) calc(50vw - 32px), calc(100vw - 32px)';

/**
 * An `<img srcset>` of every stored width of the uploaded picture at `url`, so that a browser fetches the
 * smallest that fills the space; undefined for a picture the shop did not store (any other URL).
 */
export function uploadSrcSet(url: string): string | undefined {
  const id = uploadIdOf(url);
  if (!id) return undefined;
  return UPLOAD_WIDTHS.map((width) => `${atWidth(url, id, width)} ${width}w`).join(', ');
}
