import { COLORS } from './catalog-words.ts';

/** FNV-1a: a tiny, stable string hash. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The colour a demo product lists first and is pictured in, read from its slug: the image route draws the
 * picture from its URL alone, so the URL stays as it was and the seed needs to store nothing more.
 */
export function demoProductColor(slug: string): string {
  return COLORS[hash(slug) % COLORS.length] ?? 'Black';
}
