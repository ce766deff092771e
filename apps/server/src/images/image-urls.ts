// Stored site-relative on purpose: the shop renders these images itself, so they work offline and a shop moved to
// another address still shows them. Answers carry them absolute (`shopImageUrls`).

export const MAX_SLUG_LENGTH = 120;
export const BANNER_COUNT = 4;
export const MAX_PRODUCT_IMAGE_VARIANT = 20;

/** Lowercase words joined by single dashes, e.g. "Home & Kitchen" → "home-kitchen". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
}

export function productImageUrl(slug: string, variant: number): string {
  return `/images/products/${slug}/${variant}.svg`;
}

export function categoryImageUrl(slug: string): string {
  return `/images/categories/${slug}.svg`;
}

export function bannerImageUrl(index: number): string {
  return `/images/banners/${index}.svg`;
}

const OWN_IMAGES = '/images/';

/**
 * The shop's own pictures on the wire: absolute on `publicUrl` (PUBLIC_URL) in every answer, so that a front end
 * on another origin shows them, and site-relative again when a client sends one back.
 */
export function shopImageUrls(publicUrl: string) {
  const ownAbsolute = publicUrl + OWN_IMAGES;
  return {
    /** The URL to send for a stored one; pictures elsewhere are sent as they are. */
    sent: (stored: string) => (stored.startsWith(OWN_IMAGES) ? publicUrl + stored : stored),
    /** The URL to store for one a client sent. */
    stored: (sent: string) => (sent.startsWith(ownAbsolute) ? sent.slice(publicUrl.length) : sent),
  };
}

export type ShopImageUrls = ReturnType<typeof shopImageUrls>;
