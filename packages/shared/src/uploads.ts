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

/** An upload's path once decoded: `/media/{id}/{width}.webp`, the id in any case (a spelling to refuse). */
const UPLOAD_PATH_ANY_CASE =
  /\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(\d+)\.webp$/i;

/** The path of an absolute URL as it was written (no dot segment resolved, no escape decoded). */
const WRITTEN_PATH = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\\]*([^?#]*)/i;

/** What `readPictureUrl` makes of a picture URL: the upload it names (if any), or why it is refused. */
export type PictureUrlReading = { upload: string | undefined } | { refused: string };

/**
 * The one reader of picture URLs (issue 42, point 7): whether `url` names one of the uploads of the shop at
 * `publicUrl`, decided on the URL as a browser or a proxy could resolve it. A URL of the shop (site-relative, or on
 * its origin) is decoded once and refused when it holds dot segments, escaped slashes, backslashes or escapes left
 * after decoding (double encoding). A shop URL that names an upload in any spelling but the one the shop gives out
 * (`{publicUrl}/media/{id}/{width}.webp`, id lower-case, no query) is refused too, so that what is stored is exactly
 * what the database counts as a use (`upload_ids()`, migration 0018). A URL on another host names no upload,
 * whatever its path.
 */
export function readPictureUrl(url: string, publicUrl: string): PictureUrlReading {
  const shop = new URL(publicUrl);
  const base = publicUrl.replace(/\/$/, '');
  let path: string;
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) {
    path = /^[^?#]*/.exec(url)![0];
  } else {
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      return { upload: undefined };
    }
    if (origin !== shop.origin) return { upload: undefined };
    path = WRITTEN_PATH.exec(url)?.[1] ?? '';
  }
  if (url.includes('\\')) return { refused: 'holds a backslash' };
  if (/%(2f|5c)/i.test(path)) return { refused: 'holds an escaped slash' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { refused: 'holds a broken %-escape' };
  }
  if (decoded.includes('%')) return { refused: 'is encoded twice' };
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) {
    return { refused: 'holds a . or .. segment' };
  }
  const upload = UPLOAD_PATH_ANY_CASE.exec(decoded);
  if (!upload) {
    const lower = decoded.toLowerCase();
    const mediaPaths = ['/media/', `${shop.pathname.replace(/\/$/, '')}/media/`.toLowerCase()];
    return mediaPaths.some((media) => lower.startsWith(media))
      ? { refused: 'is not a picture the shop serves' }
      : { upload: undefined };
  }
  const id = upload[1]!.toLowerCase();
  const exact = `${base}/media/${id}/${upload[2]}.webp`;
  return url === exact ? { upload: id } : { refused: `names a picture of the shop: send it as ${exact}` };
}
