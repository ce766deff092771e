import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { ApiRequestError } from '../lib/api-client.ts';

const MAX_RETRIES = 2;
const MAX_VISIBLE_TOASTS = 20;

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // A 4xx answer will not change on a retry; network failures and 5xx might.
        retry: (failureCount, error) =>
          !(error instanceof ApiRequestError && error.status < 500) && failureCount < MAX_RETRIES,
      },
    },
  });
}

/** react-hot-toast has no limit of its own: dismisses the oldest toasts beyond the spec's 20. */
function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // The store lists the newest toast first.
    toasts
      .filter((item) => item.visible)
      .slice(MAX_VISIBLE_TOASTS)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        position="top-right"
        toastOptions={{ success: { duration: 2000 }, error: { duration: 4000 } }}
      />
      <ToastLimit />
    </QueryClientProvider>
  );
}
