import type { Product } from '@bazaar/shared/products';
import { useCountdown } from '../use-countdown.ts';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The time left until a flash sale's end, read as one timer (its text is HH:MM:SS, after the days when there are
 * some); `onEnd` runs when it reaches zero. Nothing without an end.
 */
export function Countdown({
  label,
  endsAt,
  onEnd,
}: {
  label: string;
  endsAt: string | null;
  onEnd?: () => void;
}) {
  const left = useCountdown(endsAt, onEnd);
  if (left === null) return null;
  const clock = [left.hours, left.minutes, left.seconds].map(twoDigits);
  const chip = 'min-w-8 rounded-md bg-teal-700 px-1.5 py-1 text-center text-white tabular-nums';
  return (
    <div className="flex items-center gap-2">
      <span className="text-sm font-medium text-gray-700">{label}</span>
      {/* role=timer is not announced on every tick (implicit aria-live off). */}
      <span
        role="timer"
        aria-label={label}
        className="flex items-center gap-1 font-mono text-sm font-semibold"
      >
        {left.days > 0 && <span className={`${chip} mr-1`}>{left.days}d</span>}
        {clock.map((part, index) => (
          <span key={index} className="flex items-center gap-1">
            {index > 0 && (
              <span aria-hidden="true" className="text-teal-700">
                :
              </span>
            )}
            <span className={chip}>{part}</span>
          </span>
        ))}
      </span>
    </div>
  );
}

/** The soonest end of the flash sales of `products`; null when none of them is in one. */
export function soonestFlashSaleEnd(products: readonly Product[] | undefined): string | null {
  const ends = (products ?? []).flatMap((product) => product.flashSaleEndsAt ?? []);
  return ends.length === 0
    ? null
    : ends.reduce((soonest, end) => (Date.parse(end) < Date.parse(soonest) ? end : soonest));
}
