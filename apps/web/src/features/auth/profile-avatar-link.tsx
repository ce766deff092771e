import { useState } from 'react';
import { Link } from 'react-router';
import { useUserProfile } from './api/get-user-profile.ts';
import type { SessionUser } from './api/get-session.ts';

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return letters.map((word) => word?.[0]?.toUpperCase() ?? '').join('') || '?';
}

/**
 * The header's avatar, opening the profile: the picture the user chose, else the sign-in provider's photo,
 * else the initials. A picture that fails to load gives way to the next one.
 */
export function ProfileAvatarLink({ user }: { user: SessionUser }) {
  const { data: profile } = useUserProfile(user.email);
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  // The profile is the fresher source: the session keeps the name it had at sign-in.
  const name = profile?.name ?? user.name;
  const picture = [profile?.img, user.image].find(
    (url): url is string => Boolean(url) && !broken.has(url ?? ''),
  );

  return (
    <Link
      to="/dashboard/profile"
      aria-label={`Profile of ${name}`}
      title="Your profile"
      className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-teal-100 text-sm font-semibold text-teal-800 ring-2 ring-white transition hover:ring-teal-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
    >
      {picture ? (
        <img
          src={picture}
          alt=""
          width={40}
          height={40}
          className="size-full object-cover"
          onError={() => setBroken((urls) => new Set(urls).add(picture))}
        />
      ) : (
        <span aria-hidden="true">{initialsOf(name)}</span>
      )}
    </Link>
  );
}
