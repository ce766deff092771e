/** The ‹ or › of a button that turns to the previous or next picture; the button carries the words. */
export function ChevronIcon({
  direction,
  className = 'size-6',
}: {
  direction: 'previous' | 'next';
  className?: string;
}) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`fill-none stroke-current stroke-2 ${className}`}>
      <path
        d={direction === 'previous' ? 'M15 18l-6-6 6-6' : 'M9 18l6-6-6-6'}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
