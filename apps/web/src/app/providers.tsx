import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { queryClient } from './query-client.ts';

// Loaded once the page has loaded: no page needs a toast before the shopper does something, and its code does not
// compete with the page's own for the first paint. A toast asked for before then shows when it is in.
const Toasts = lazy(() => import('./toasts.tsx'));

/** True once the page's load event has passed (at once when it had before). */
function useLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [loaded]);
  return loaded;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const loaded = useLoaded();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense>{loaded && <Toasts />}</Suspense>
    </QueryClientProvider>
  );
}
