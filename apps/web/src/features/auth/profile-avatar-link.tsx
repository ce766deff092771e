import { Link } from 'react-router';
import { Avatar } from '../../components/avatar.tsx';
import { useUserProfile } from './api/get-user-profile.ts';
import type { SessionUser } from './api/get-session.ts';

/**
 * The header's avatar, opening the profile: the picture the user chose, else the sign-in provider's photo,
 * else the initials.
 */
export function ProfileAvatarLink({ user }: { user: SessionUser }) {
  const { data: profile } = useUserProfile(user.email);
  // The profile is the fresher source: the session keeps the name it had at sign-in.
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
