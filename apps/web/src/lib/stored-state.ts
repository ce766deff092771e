import { useSyncExternalStore } from 'react';

/**
 * A JSON value in localStorage that components can watch: it survives reloads and full-page redirects
 * (to an identity provider and back), and follows changes made in other tabs through `storage` events.
 */
export function createStoredState<T>(key: string, fallback: T, isValid: (value: unknown) => value is T) {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cachedValue = fallback;

  function read(): T {
    const raw = localStorage.getItem(key);
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      try {
        const parsed: unknown = raw === null ? fallback : JSON.parse(raw);
        cachedValue = isValid(parsed) ? parsed : fallback;
      } catch {
        cachedValue = fallback;
      }
    }
    return cachedValue;
  }

  function write(value: T): void {
    localStorage.setItem(key, JSON.stringify(value));
    listeners.forEach((listener) => listener());
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  return {
    read,
    write,
    update: (change: (current: T) => T) => write(change(read())),
    use: () => useSyncExternalStore(subscribe, read, () => fallback),
  };
}
