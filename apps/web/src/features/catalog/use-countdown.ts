import { useEffect, useState } from 'react';

export interface CountdownTime {
  hours: number;
  minutes: number;
  seconds: number;
}

/** The spec's decorative start: hours from 23, minutes from 59, seconds from 60. */
export const COUNTDOWN_START: CountdownTime = { hours: 23, minutes: 59, seconds: 60 };

const isOver = ({ hours, minutes, seconds }: CountdownTime) => hours === 0 && minutes === 0 && seconds === 0;

/** One second less, borrowing like a clock: 23:59:00 → 23:58:59; stays at 00:00:00. */
export function tick(time: CountdownTime): CountdownTime {
  if (time.seconds > 0) return { ...time, seconds: time.seconds - 1 };
  if (time.minutes > 0) return { ...time, minutes: time.minutes - 1, seconds: 59 };
  if (time.hours > 0) return { hours: time.hours - 1, minutes: 59, seconds: 59 };
  return time;
}

/** A countdown from COUNTDOWN_START that ticks every second and stops at zero. */
export function useCountdown(): CountdownTime {
  const [time, setTime] = useState(COUNTDOWN_START);
  const over = isOver(time);
  useEffect(() => {
    if (over) return;
    const timer = setInterval(() => setTime(tick), 1000);
    return () => clearInterval(timer);
  }, [over]);
  return time;
}
