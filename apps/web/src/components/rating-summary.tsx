import { Stars } from './stars.tsx';

/** A mean rating with its stars and how many reviews it comes from: "4.6 (23 reviews)", or "No reviews yet". */
export function RatingSummary({
  rating,
  count,
  className = '',
}: {
  rating: number | null;
  count: number;
  className?: string;
}) {
  if (rating === null || count === 0) return <p className={`text-gray-600 ${className}`}>No reviews yet</p>;
  return (
    <p className={`flex items-center gap-2 text-gray-700 ${className}`}>
      <Stars rating={rating} className="text-lg" />
      <span>
        <span className="font-semibold text-gray-900">{rating.toFixed(1)}</span> (
        {count.toLocaleString('en-US')} {count === 1 ? 'review' : 'reviews'})
      </span>
    </p>
  );
}
