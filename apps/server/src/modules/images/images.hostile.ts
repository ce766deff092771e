import fc from 'fast-check';
import { BANNER_COUNT, MAX_PRODUCT_IMAGE_VARIANT, MAX_SLUG_LENGTH } from '../../images/image-urls.ts';
import { asSegment, hostileSegment } from '../../hostile/arbitraries.ts';
import type { HostileRoute } from '../../hostile/hostile-entry.ts';

const notSlug = hostileSegment.filter((text) => !new RegExp(`^[a-z0-9-]{1,${MAX_SLUG_LENGTH}}$`).test(text));
const notIndex = (max: number) =>
  fc.oneof(
    fc.constantFrom('0', '-1', '1.5', 'NaN', 'Infinity', '1e400', 'abc', "' OR 1=1--", '%00'),
    fc.integer({ min: max + 1 }).map(String),
  );

export const hostileRoutes: HostileRoute[] = [
  {
    route: 'GET /images/products/:slug/:variant.svg',
    callers: ['anonymous'],
    requests: () =>
      fc
        .oneof(
          notSlug.map((slug) => [asSegment(slug), '1']),
          notIndex(MAX_PRODUCT_IMAGE_VARIANT).map((variant) => ['lamp', variant]),
        )
        .map(([slug, variant]) => ({ method: 'GET', url: `/images/products/${slug}/${variant}.svg` })),
  },
  {
    route: 'GET /images/categories/:slug.svg',
    callers: ['anonymous'],
    requests: () =>
      notSlug.map((slug) => ({ method: 'GET', url: `/images/categories/${asSegment(slug)}.svg` })),
  },
  {
    route: 'GET /images/banners/:index.svg',
    callers: ['anonymous'],
    requests: () =>
      notIndex(BANNER_COUNT).map((index) => ({ method: 'GET', url: `/images/banners/${index}.svg` })),
  },
];
