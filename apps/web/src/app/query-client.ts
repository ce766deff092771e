import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-client.ts';
import { seedPageData } from './page-data.ts';

const MAX_RETRIES = 2;

/** The app's one query cache: the provider hands it to components, route loaders prefetch into it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      // A 4xx answer will not change on a retry; network failures and 5xx might.
      retry: (failureCount, error) =>
        !(error instanceof ApiRequestError && error.status < 500) && failureCount < MAX_RETRIES,
    },
  },
});

// As the cache is made, before anything reads it: the router runs the first page's loader as it is created.
seedPageData(queryClient);
