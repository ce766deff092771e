import { useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@bazaar/shared/users';
import { getJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The profile of the signed-in user (`null` e-mail: nobody is signed in, nothing is fetched). */
export function useUserProfile(email: string | null) {
  return useQuery({
    queryKey: queryKeys.users.profile(email ?? ''),
    queryFn: ({ signal }) =>
      getJson<UserProfile>(`/api/users/${encodeURIComponent(email ?? '')}`, {}, { signal }),
    enabled: email !== null,
  });
}
