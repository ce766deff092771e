import { describe, expect, it } from 'vitest';
import { timeLeft } from './use-countdown.ts';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const SECOND = 1000;

describe('the flash-sale countdown', () => {
  it('reads the real time left, in days, hours, minutes and seconds', () => {
    const end = NOW + ((2 * 24 + 5) * 3600 + 7 * 60 + 9) * SECOND;
    expect(timeLeft(end, NOW)).toEqual({ days: 2, hours: 5, minutes: 7, seconds: 9 });
  });

  it('never shows a sixtieth second or minute', () => {
    expect(timeLeft(NOW + 60 * SECOND, NOW)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
    expect(timeLeft(NOW + 3600 * SECOND, NOW)).toEqual({ days: 0, hours: 1, minutes: 0, seconds: 0 });
    expect(timeLeft(NOW + 59_500, NOW)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
  });

  it('is the same time whenever it is read again (a reload does not restart it)', () => {
    const end = NOW + 5 * 3600 * SECOND;
    expect(timeLeft(end, NOW + 10 * SECOND)).toEqual({ days: 0, hours: 4, minutes: 59, seconds: 50 });
  });

  it('stays at zero once the end passed', () => {
    expect(timeLeft(NOW - SECOND, NOW)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
