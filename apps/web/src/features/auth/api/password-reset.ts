import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client.ts';
import { authErrorCode } from './auth-error.ts';
import { refetchAfterAccountChange } from './account-changed.ts';
import { createUserToken } from './create-user-token.ts';
import { getSession } from './get-session.ts';

/** Asks for a reset link; the answer is the same whether or not the e-mail has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => sendJson('POST', '/api/auth/request-password-reset', { email }),
  });
}

/** Sets the new password with the mailed token; the server signs the person in, every other session ended. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { token: string; newPassword: string }) => {
      await sendJson('POST', '/api/auth/reset-password', input);
      const session = await getSession();
      if (session) await createUserToken(session.user);
      await refetchAfterAccountChange(queryClient);
    },
  });
}

/** The link was used already, has expired, or never was one. */
export function isSpentLink(error: unknown): boolean {
  return authErrorCode(error) === 'INVALID_TOKEN';
}
