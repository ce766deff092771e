import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client.ts';
import { refetchAfterAccountChange } from './account-changed.ts';
import { createUserToken } from './create-user-token.ts';
import type { SessionUser } from './get-session.ts';

export interface SignInInput {
  email: string;
  password: string;
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
