import { matchQuery, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';

const session = { queryKey: queryKeys.session };

/**
 * Someone signed in or out. Fetches the session again, showing the previous one until the answer comes (no
 * flicker), and resets every other cached answer: it may belong to the previous user.
 */
export async function refetchAfterAccountChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.refetchQueries(session),
    queryClient.resetQueries({ predicate: (query) => !matchQuery(session, query) }),
  ]);
}
