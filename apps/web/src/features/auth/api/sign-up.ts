import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client.ts';
import { refetchAfterAccountChange } from './account-changed.ts';
import { createUserToken } from './create-user-token.ts';
import type { SessionUser } from './get-session.ts';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  /** The page the mailed verification link returns to, signed in. */
  callbackURL: string;
}

/**
 * Creates the account. Without mail the server signs the new user in at once; with it, nobody is signed in
 * (`signedIn: false`) until the link mailed to the address is followed.
 */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput): Promise<{ signedIn: boolean }> => {
      const { user } = await sendJson<{ user: SessionUser | null }>('POST', '/api/auth/sign-up/email', input);
      if (!user) return { signedIn: false };
      await createUserToken(user);
      await refetchAfterAccountChange(queryClient);
      return { signedIn: true };
    },
  });
}
