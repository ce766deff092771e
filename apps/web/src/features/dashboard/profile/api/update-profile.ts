import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfile, UserUpdateInput } from '@bazaar/shared/users';
import { sendJson } from '../../../../lib/api-client.ts';

/** Changes the user's profile; the header avatar and the profile page read the fresh one. */
export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  const queryKey = ['users', email];
  return useMutation({
    mutationFn: (changes: UserUpdateInput) =>
      sendJson<UserProfile>('PATCH', `/api/users/${encodeURIComponent(email)}`, changes),
    onSuccess: async (profile) => {
      queryClient.setQueryData(queryKey, profile);
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}
