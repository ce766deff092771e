import { useId } from 'react';

const STARS = [1, 2, 3, 4, 5] as const;

/** The rating of a review form: five radio buttons drawn as stars, filled up to the one chosen. */
export function StarPicker({
  value,
  onChange,
  error,
}: {
  /** The chosen number of stars, or 0 for none yet. */
  value: number;
  onChange: (stars: number) => void;
  error?: string | undefined;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-gray-800">Your rating</legend>
      <div className="flex gap-1">
        {STARS.map((stars) => (
          <label
            key={stars}
            className="group relative block cursor-pointer rounded-md has-focus-visible:outline-2 has-focus-visible:outline-teal-700"
          >
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              aria-invalid={error ? true : undefined}
              className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
            />
            <span className="sr-only">{stars === 1 ? '1 star' : `${stars} stars`}</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className={`pointer-events-none size-8 transition-colors ${stars <= value ? 'fill-amber-400' : 'fill-gray-300 group-hover:fill-amber-200'}`}
            >
              <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
            </svg>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-rose-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
