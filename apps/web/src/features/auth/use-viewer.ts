import type { UserProfile } from '@bazaar/shared/users';
import { useSession, type SessionUser } from './api/get-session.ts';
import { useUserProfile } from './api/get-user-profile.ts';

export interface Viewer {
  /** The signed-in user as the session knows them; null when nobody is signed in, and while pending. */
  user: SessionUser | null;
  /** Their profile (handle, role, contact details, chosen picture); undefined until it is in. */
  profile: UserProfile | undefined;
  isAdmin: boolean;
  /** Not known yet: the session, or a signed-in user's profile, is on its way. */
  pending: boolean;
  /** Why the profile could not be loaded; `retryProfile` asks again. */
  profileError: Error | null;
  retryProfile: () => void;
}

/** Who is looking at the page: the signed-in user with their profile and role. */
export function useViewer(): Viewer {
  const session = useSession();
  const profile = useUserProfile(session.user?.email ?? null);
  return {
    user: session.user,
    profile: profile.data,
    isAdmin: profile.data?.role === 'admin',
    pending: session.isPending || (session.user !== null && profile.isPending),
    profileError: profile.error,
    retryProfile: () => void profile.refetch(),
  };
}
