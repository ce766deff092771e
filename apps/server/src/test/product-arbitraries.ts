import fc from 'fast-check';

/** Name words that are prefixes, typos and parts of each other, so that every way of matching ranks against the others. */
export const RELATED_NAME_WORDS = [
  'lamp',
  'lamps',
  'lampshade',
  'clamp',
  'headphones',
  'hedphones',
  'phones',
  'desk',
  'Désk',
] as const;

/** Typed words that match those names in every way: whole, as a prefix, with a typo, as a part, or a brand or tag. */
export const RELATED_TYPED_WORDS = [
  'lamp',
  'lam',
  'lamps',
  'headphones',
  'headphonez',
  'phones',
  'desk',
  'hone',
  'clamp',
  'acme',
  'office',
] as const;

const HOUR = 60 * 60_000;

/** A flash sale, running (its end ahead) or over (its end passed), or none. */
export const flashSaleArbitrary = fc.constantFrom('none', 'running', 'over').map((sale) => ({
  flashSale: sale !== 'none',
  flashSaleEndsAt: sale === 'none' ? null : new Date(Date.now() + (sale === 'running' ? HOUR : -HOUR)),
}));
