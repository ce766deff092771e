import { useState } from 'react';
import { initialsOf } from './initials.ts';
import { Picture } from './picture.tsx';

/** The picture of someone who has none: a grey silhouette, drawn inline so that it needs no network. */
function DefaultPicture() {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className="size-full bg-gray-200 fill-gray-400">
      <circle cx="20" cy="15" r="7" />
      <path d="M6 36c1.5-7.5 7-11 14-11s12.5 3.5 14 11z" />
    </svg>
  );
}

/**
 * A person's picture: the first of `pictures` that loads (e.g. the picture they chose, then the sign-in
 * provider's photo), else the initials of `name`, else a default picture. Fills its container, which gives
 * the size and the shape. With a `label` it names itself to assistive technology; without one it is decoration.
 */
export function Avatar({
  name,
  pictures,
  label,
  sizes = '40px',
}: {
  name?: string;
  pictures: readonly (string | null | undefined)[];
  label?: string;
  /** How wide the container shows the picture (`<img sizes>`), for an uploaded picture's choice of widths. */
  sizes?: string;
}) {
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const picture = pictures.find((url): url is string => Boolean(url) && !broken.has(url ?? ''));

  if (picture) {
    return (
      <Picture
        src={picture}
        alt={label ?? ''}
        sizes={sizes}
        className="size-full object-cover"
        onError={() => setBroken((urls) => new Set(urls).add(picture))}
      />
    );
  }
  if (name === undefined) return <DefaultPicture />;
  return label ? (
    <span role="img" aria-label={label}>
      {initialsOf(name)}
    </span>
  ) : (
    <span aria-hidden="true">{initialsOf(name)}</span>
  );
}
