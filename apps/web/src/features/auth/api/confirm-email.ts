import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfirmEmail, EmailToConfirm } from '@bazaar/shared/auth';
import type { ErrorCode } from '@bazaar/shared/errors';
import { ApiRequestError, getJson, sendJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refetchAfterAccountChange } from './account-changed.ts';
import { createUserToken } from './create-user-token.ts';
import type { SessionUser } from './get-session.ts';

/** The address a confirmation link confirms, and whether it is confirmed already. */
export function useEmailToConfirm(token: string) {
  return useQuery({
    queryKey: queryKeys.emailToConfirm(token),
    queryFn: ({ signal }) => getJson<EmailToConfirm>('/api/account/confirm-email', { token }, { signal }),
    enabled: token !== '',
    retry: false,
  });
}

/**
 * Confirms the address with the link's token and its password (or a new one), which ends every session of the
 * account; then signs in with that password, as the login page does. `onConfirmed` hears of the confirmation
 * before the signed-in account's queries are read again.
 */
export function useConfirmEmail(onConfirmed: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ConfirmEmail) => {
      const { email } = await sendJson<EmailToConfirm>('POST', '/api/account/confirm-email', input);
      // Before signing in: the page must know its link is spent by its own doing, not someone else's.
      onConfirmed();
      const password = 'newPassword' in input ? input.newPassword : input.password;
      const { user } = await sendJson<{ user: SessionUser }>('POST', '/api/auth/sign-in/email', {
        email,
        password,
      });
      await createUserToken(user);
      await refetchAfterAccountChange(queryClient);
    },
  });
}

/** The server refused with `code` (e.g. WRONG_PASSWORD). */
export function isRefusal(error: unknown, code: ErrorCode): boolean {
  return error instanceof ApiRequestError && error.body?.error === code;
}
