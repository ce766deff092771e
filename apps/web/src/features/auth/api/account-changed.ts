import type { QueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from './get-session.ts';

/**
 * Someone signed in or out. Fetches the session again, showing the previous one until the answer comes (no
 * flicker), and resets every other cached answer: it may belong to the previous user.
 */
export async function refetchAfterAccountChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY }),
    queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] }),
  ]);
}
