import { useEffect } from 'react';
import { createUserToken } from './api/create-user-token.ts';
import type { SessionUser } from './api/get-session.ts';
import { storedToken } from './token-store.ts';

/**
 * Keeps the stored token in step with the session: fetched for a user who arrived signed in from the identity
 * provider's redirect, dropped once nobody is signed in (e.g. the session expired).
 */
export function useTokenSync(user: SessionUser | null, isPending: boolean): void {
  const token = storedToken.use();
  useEffect(() => {
    if (isPending) return;
    if (!user && token !== null) storedToken.write(null);
    // The shop's pages work with the session cookie alone, so a failure here only leaves the token unset.
    if (user && token === null) createUserToken(user).catch(() => undefined);
  }, [user, isPending, token]);
}
