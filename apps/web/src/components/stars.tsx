const MAX_STARS = 5;

/** A rating shown rounded to whole stars out of 5. */
export function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  const filled = Math.min(MAX_STARS, Math.max(0, Math.round(rating)));
  return (
    <span
      role="img"
      aria-label={`Rated ${filled} out of ${MAX_STARS}`}
      className={`inline-flex ${className}`}
    >
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <svg
          key={index}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`size-[1em] ${index < filled ? 'fill-amber-400' : 'fill-gray-300'}`}
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}
