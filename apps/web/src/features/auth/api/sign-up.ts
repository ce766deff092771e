import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client.ts';
import { refetchAfterAccountChange } from './account-changed.ts';
import { createUserToken } from './create-user-token.ts';
import type { SessionUser } from './get-session.ts';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

/** Creates the account; the server signs the new user in at once. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      const { user } = await sendJson<{ user: SessionUser }>('POST', '/api/auth/sign-up/email', input);
      await createUserToken(user);
      await refetchAfterAccountChange(queryClient);
    },
  });
}
