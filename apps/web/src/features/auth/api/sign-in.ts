import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client.ts';
import { authErrorCode } from './auth-error.ts';
import { refetchAfterAccountChange } from './account-changed.ts';
import { createUserToken } from './create-user-token.ts';
import type { SessionUser } from './get-session.ts';

export interface SignInInput {
  email: string;
  password: string;
  /** Where the link goes on to if the server mails one because the e-mail is not verified yet. */
  callbackURL: string;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      const { user } = await sendJson<{ user: SessionUser }>('POST', '/api/auth/sign-in/email', input);
      await createUserToken(user);
      await refetchAfterAccountChange(queryClient);
    },
  });
}

/** The password was right, but the e-mail is not verified yet: the server mailed a new link. */
export function isUnverifiedEmail(error: unknown): boolean {
  return authErrorCode(error) === 'EMAIL_NOT_VERIFIED';
}
