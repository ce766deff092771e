import { LRUCache } from 'lru-cache';

/**
 * A map that forgets its least recently used entries once their sizes, given with each `set`, add up to more than
 * `maxBytes`: lru-cache, with what it does otherwise than the shop needs set right here.
 */
export function createByteLru<Value extends NonNullable<unknown>>(maxBytes: number) {
  // lru-cache refuses a budget of 0 (a cache switched off); `set` keeps nothing bigger than `maxBytes` itself.
  const empty = () => new LRUCache<string, Value>({ maxSize: Math.max(1, maxBytes) });
  let entries = empty();

  return {
    get bytes(): number {
      return entries.calculatedSize;
    },

    get: (key: string): Value | undefined => entries.get(key),

    /** Stores (or replaces) `key`, then forgets the least recently used entries until all fit. */
    set(key: string, value: Value, bytes: number): void {
      if (bytes > maxBytes) {
        entries.delete(key);
        return;
      }
      // lru-cache keeps the old size when the value stored is set again, as an answer given a compressed body is.
      if (entries.peek(key) === value) entries.delete(key);
      entries.set(key, value, { size: bytes });
    },

    delete(key: string): void {
      entries.delete(key);
    },

    /** A new cache: lru-cache's `clear` visits every entry, 3–5 ms for 10,000, and a catalog write clears. */
    clear(): void {
      entries = empty();
    },
  };
}
