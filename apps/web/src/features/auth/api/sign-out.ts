import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client.ts';
import { storedToken } from '../token-store.ts';
import { refetchAfterAccountChange } from './account-changed.ts';

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await sendJson('POST', '/api/auth/sign-out');
      storedToken.write(null);
      await refetchAfterAccountChange(queryClient);
    },
  });
}
