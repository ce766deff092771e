/** A map that forgets its least recently used entries once their sizes add up to more than `maxBytes`. */
export function createByteLru<Value>(maxBytes: number) {
  // A Map iterates in insertion order: re-inserting on every use keeps the least recent first.
  const entries = new Map<string, { value: Value; bytes: number }>();
  let total = 0;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.bytes;
  }

  return {
    get bytes(): number {
      return total;
    },

    get(key: string): Value | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },

    /** Stores (or replaces) `key`, then evicts the least recently used entries until all fit. */
    set(key: string, value: Value, bytes: number): void {
      remove(key);
      if (bytes > maxBytes) return;
      entries.set(key, { value, bytes });
      total += bytes;
      for (const [oldest] of entries) {
        if (total <= maxBytes) break;
        remove(oldest);
      }
    },

    delete: remove,

    clear(): void {
      entries.clear();
      total = 0;
    },
  };
}
