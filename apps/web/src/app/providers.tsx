import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { queryClient } from './query-client.ts';
import { firstPageReady } from './router.tsx';

// Loaded after the first page has shown: no page needs a toast before the shopper does something, and its code does
// not compete with the page's own for the first paint. A toast asked for before then shows when it is in.
const Toasts = lazy(() => import('./toasts.tsx'));

const pageLoaded = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve();
  else window.addEventListener('load', () => resolve(), { once: true });
});

/** How long after the first page has shown the toasts' code loads if the shopper has not touched the page yet. */
const TOASTS_AFTER_MS = 1500;

/**
 * Resolves at the shopper's first press of a pointer or a key (toasts follow what they do), or `ms` later: a
 * toast asked for without them (a dropped cart line) still shows. The browser's idle callback alone was not late
 * enough: it could come between the page's render and its paint.
 */
const firstTouchOr = (ms: number) =>
  new Promise<void>((resolve) => {
    const listening = new AbortController();
    const done = () => {
      listening.abort();
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, ms);
    for (const type of ['pointerdown', 'keydown'])
      window.addEventListener(type, done, { capture: true, signal: listening.signal });
  });

/**
 * True once the page has loaded, the router has the first page's code, and the shopper touches the page or a
 * moment has passed: the page's load event comes before its content when the page's code was preloaded, and
 * anything requested before the largest paint counts towards it on Lighthouse's simulated phone.
 */
function useFirstPageShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let mounted = true;
    void Promise.all([pageLoaded, firstPageReady])
      .then(() => firstTouchOr(TOASTS_AFTER_MS))
      .then(() => mounted && setShown(true));
    return () => {
      mounted = false;
    };
  }, []);
  return shown;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const shown = useFirstPageShown();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense>{shown && <Toasts />}</Suspense>
    </QueryClientProvider>
  );
}
