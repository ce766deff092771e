import { useEffect, useState } from 'react';

export interface CountdownTime {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** The time from `now` until `endsAt` (both ms since the epoch), in whole seconds; zero once it passed. */
export function timeLeft(endsAt: number, now: number): CountdownTime {
  const total = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/**
 * The time left until `endsAt` (an ISO time), read from the clock every second; `onEnd` runs once it is over.
 * Null without an end.
 */
export function useCountdown(endsAt: string | null, onEnd?: () => void): CountdownTime | null {
  const end = endsAt === null ? null : Date.parse(endsAt);
  const [now, setNow] = useState(() => Date.now());
  const over = end !== null && now >= end;
  useEffect(() => {
    if (end === null || over) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [end, over]);
  useEffect(() => {
    if (over) onEnd?.();
  }, [over, onEnd]);
  return end === null ? null : timeLeft(end, now);
}
