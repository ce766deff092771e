import { Link } from 'react-router';
import type { UserProfile } from '@bazaar/shared/users';
import { Avatar } from '../../components/avatar.tsx';
import type { SessionUser } from './api/get-session.ts';

/**
 * The header's avatar, opening the profile: the picture the user chose, else the sign-in provider's photo,
 * else the initials.
 */
export function ProfileAvatarLink({
  user,
  profile,
}: {
  user: SessionUser;
  profile: UserProfile | undefined;
}) {
  // The name the user chose on their profile; the session's stands in until the profile is in.
  const name = profile?.name ?? user.name;

  return (
    <Link
      to="/dashboard/profile"
      aria-label={`Profile of ${name}`}
      title="Your profile"
      className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-teal-100 text-sm font-semibold text-teal-800 ring-2 ring-white transition hover:ring-teal-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
    >
      <Avatar name={name} pictures={[profile?.img, user.image]} />
    </Link>
  );
}
