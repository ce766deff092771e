import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The signed-in user as Better Auth describes it; `image` is the sign-in provider's photo. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  /** The e-mail is confirmed: through the mailed link, or by the sign-in provider. */
  emailVerified: boolean;
}

interface SessionAnswer {
  user: SessionUser;
}

// The spec re-synchronises the identity session at most every 5 minutes.
const SESSION_STALE_MS = 5 * 60_000;

export function getSession(signal?: AbortSignal): Promise<SessionAnswer | null> {
  return getJson<SessionAnswer | null>('/api/auth/get-session', {}, { signal });
}

/** Who is signed in: `user` is null when nobody is, and while `isPending`. */
export function useSession(): { user: SessionUser | null; isPending: boolean } {
  const query = useQuery({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: SESSION_STALE_MS,
  });
  return { user: query.data?.user ?? null, isPending: query.isPending };
}
