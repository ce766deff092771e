import { useState } from 'react';

/** The picture of someone who has none: a grey silhouette, drawn inline so that it needs no network. */
function DefaultAvatar() {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className="size-full bg-gray-200 fill-gray-400">
      <circle cx="20" cy="15" r="7" />
      <path d="M6 36c1.5-7.5 7-11 14-11s12.5 3.5 14 11z" />
    </svg>
  );
}

/**
 * A round picture of a user: the one they chose (`img`), else their sign-in provider's photo (`image`),
 * else a default silhouette. A picture that fails to load gives way to the next one.
 */
export function Avatar({
  img,
  image,
  size = 40,
}: {
  img: string | null;
  image: string | null;
  /** Width and height in pixels. */
  size?: number;
}) {
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const picture = [img, image].find((url): url is string => Boolean(url) && !broken.has(url ?? ''));
  return (
    <span className="block shrink-0 overflow-hidden rounded-full" style={{ width: size, height: size }}>
      {picture ? (
        <img
          src={picture}
          alt=""
          width={size}
          height={size}
          className="size-full object-cover"
          onError={() => setBroken((urls) => new Set(urls).add(picture))}
        />
      ) : (
        <DefaultAvatar />
      )}
    </span>
  );
}
