import { describe, expect, it } from 'vitest';
import { formatDollars } from './pricing.ts';

describe('formatDollars', () => {
  it('shows two decimals and groups thousands', () => {
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(1000)).toBe('$10.00');
    expect(formatDollars(139995)).toBe('$1,399.95');
    expect(formatDollars(100_000_000)).toBe('$1,000,000.00');
  });
});
