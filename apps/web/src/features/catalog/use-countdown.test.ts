import { describe, expect, it } from 'vitest';
import { COUNTDOWN_START, tick, type CountdownTime } from './use-countdown.ts';

const time = (hours: number, minutes: number, seconds: number): CountdownTime => ({
  hours,
  minutes,
  seconds,
});

describe('the flash-sale countdown', () => {
  it('starts at 23:59:60', () => {
    expect(COUNTDOWN_START).toEqual(time(23, 59, 60));
  });

  it('borrows like a clock', () => {
    expect(tick(time(23, 59, 60))).toEqual(time(23, 59, 59));
    expect(tick(time(23, 59, 0))).toEqual(time(23, 58, 59));
    expect(tick(time(23, 0, 0))).toEqual(time(22, 59, 59));
    expect(tick(time(0, 0, 1))).toEqual(time(0, 0, 0));
  });

  it('reaches 00:00:00 after 24 hours and stays there', () => {
    let current = COUNTDOWN_START;
    for (let second = 0; second < 24 * 3600; second++) current = tick(current);
    expect(current).toEqual(time(0, 0, 0));
    expect(tick(current)).toEqual(time(0, 0, 0));
  });

  it('is one second short of zero a second before', () => {
    let current = COUNTDOWN_START;
    for (let second = 0; second < 24 * 3600 - 1; second++) current = tick(current);
    expect(current).toEqual(time(0, 0, 1));
  });
});
