import { useCountdown } from '../use-countdown.ts';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The decorative flash-sale countdown, read as one timer (its text is HH:MM:SS). */
export function Countdown({ label }: { label: string }) {
  const { hours, minutes, seconds } = useCountdown();
  const parts = [hours, minutes, seconds].map(twoDigits);
  return (
    <div className="flex items-center gap-2">
      <span className="text-sm font-medium text-gray-700">{label}</span>
      {/* role=timer is not announced on every tick (implicit aria-live off). */}
      <span
        role="timer"
        aria-label={label}
        className="flex items-center gap-1 font-mono text-sm font-semibold"
      >
        {parts.map((part, index) => (
          <span key={index} className="flex items-center gap-1">
            {index > 0 && (
              <span aria-hidden="true" className="text-teal-700">
                :
              </span>
            )}
            <span className="min-w-8 rounded-md bg-teal-700 px-1.5 py-1 text-center text-white tabular-nums">
              {part}
            </span>
          </span>
        ))}
      </span>
    </div>
  );
}
