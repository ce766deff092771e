// Site-relative on purpose: the shop renders these images itself, so they work offline and on any host.

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
