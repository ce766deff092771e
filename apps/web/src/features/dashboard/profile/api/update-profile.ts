import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfile, UserUpdateInput } from '@bazaar/shared/users';
import { sendJson } from '../../../../lib/api-client.ts';
import { invalidate, queryKeys } from '../../../../lib/query-keys.ts';

/**
 * Changes the user's profile; the header avatar and the profile page read the fresh one. The same user row
 * is the session's user, a customer in the customers list, the buyer of sales and the seller of products
 * (by name) on products and on their seller page: those are read again.
 */
export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UserUpdateInput) =>
      sendJson<UserProfile>('PATCH', `/api/users/${encodeURIComponent(email)}`, changes),
    onSuccess: (profile) => {
      queryClient.setQueryData<UserProfile>(queryKeys.users.profile(email), profile);
      return invalidate(queryClient, [
        queryKeys.session,
        queryKeys.users.customers,
        queryKeys.sales.all,
        queryKeys.products.all,
        queryKeys.sellers.all,
      ]);
    },
  });
}
