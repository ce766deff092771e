import { describe, expect, it } from 'vitest';
import { formatDollars, payableCents } from './pricing.ts';

describe('formatDollars', () => {
  it('shows two decimals and groups thousands', () => {
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(1000)).toBe('$10.00');
    expect(formatDollars(139995)).toBe('$1,399.95');
    expect(formatDollars(100_000_000)).toBe('$1,000,000.00');
  });
});

describe('payableCents', () => {
  it('prices a product given in dollars like an order line: discounted, rounded once per line', () => {
    // 3 × $19.99 × 0.85 = $50.9745 → $50.97
    expect(payableCents({ price: 19.99, discount: 15 }, 3)).toBe(5097);
    expect(payableCents({ price: 45, discount: 0 }, 2)).toBe(9000);
  });
});
