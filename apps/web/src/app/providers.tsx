import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { queryClient } from './query-client.ts';

// Loaded after the first render: no page needs a toast before the shopper does something.
const Toasts = lazy(() => import('./toasts.tsx'));

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense>
        <Toasts />
      </Suspense>
    </QueryClientProvider>
  );
}
