import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { getJson, sendJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { SignInPurpose } from '../return-path.ts';
import { storedToken } from '../token-store.ts';
import { refetchAfterAccountChange } from './account-changed.ts';
import { createUserToken } from './create-user-token.ts';
import { getSession } from './get-session.ts';

/**
 * Changes the password; the server ends every other session and hands this browser a new one, so the shop's
 * API token is fetched again for it. The same user stays signed in: only the session is fetched again.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { currentPassword: string; newPassword: string }) => {
      await sendJson('POST', '/api/auth/change-password', input);
      const session = await getSession();
      if (session) await createUserToken(session.user);
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}

/** Ends every session of the account, this one included; the login page the guard then opens says so. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return useMutation({
    mutationFn: async () => {
      await sendJson('POST', '/api/auth/revoke-sessions', {});
      storedToken.write(null);
      // RequireSignIn hands this page's purpose on to the login page it opens once the session is gone.
      const purpose: SignInPurpose = 'signed-out-everywhere';
      await navigate({ pathname, search, hash }, { replace: true, state: { purpose } });
      await refetchAfterAccountChange(queryClient);
    },
  });
}

/** Whether the signed-in account has a password (an account made with Google or OpenID Connect has none). */
export function useHasPassword(): boolean | undefined {
  const query = useQuery({
    queryKey: queryKeys.signInMethods,
    queryFn: ({ signal }) => getJson<{ providerId: string }[]>('/api/auth/list-accounts', {}, { signal }),
  });
  return query.data?.some((account) => account.providerId === 'credential');
}
