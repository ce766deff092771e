import { randomInt } from 'node:crypto';
import { HANDLE_MAX_LENGTH, HANDLE_MIN_LENGTH } from '@bazaar/shared/users';

const SUFFIX_LENGTH = 4;
const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const SUFFIX_ATTEMPTS = 20;
/** The base of a name with too few usable letters. */
export const NEUTRAL_HANDLE_BASE = 'seller';

/**
 * A handle's stem from a display name: accents dropped, lowercase words joined by dashes, short enough to take a
 * suffix ("Sofia García" → "sofia-garcia"). Migration 0002 computes the same in SQL for existing users.
 */
export function handleBase(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, HANDLE_MAX_LENGTH - SUFFIX_LENGTH - 1)
    .replace(/-+$/, '');
  return base.length < HANDLE_MIN_LENGTH ? NEUTRAL_HANDLE_BASE : base;
}

const randomSuffix = () =>
  Array.from({ length: SUFFIX_LENGTH }, () => SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)]).join('');

/** A free handle for a new user: the name's base, or the base with a short random suffix when that is taken. */
export async function uniqueHandle(
  name: string,
  isTaken: (handle: string) => Promise<boolean>,
): Promise<string> {
  const base = handleBase(name);
  if (!(await isTaken(base))) return base;
  for (let attempt = 0; attempt < SUFFIX_ATTEMPTS; attempt++) {
    const candidate = `${base}-${randomSuffix()}`;
    if (!(await isTaken(candidate))) return candidate;
  }
  throw new Error(`no free handle for the base ${base}`);
}
