import { describe, expect, it } from 'vitest';
import { FIRST_CHOICE, offeredMethods } from './payment-methods.ts';

describe('the payment methods checkout offers', () => {
  it('are those the shop lists, in the shop’s order', () => {
    expect(
      offeredMethods({
        methods: ['rocket', 'cash on delivery', 'bkash'],
        bkashNumber: '01711-000000',
        rocketNumber: '01811-000000',
      }),
    ).toEqual(['cash on delivery', 'bkash', 'rocket']);
  });

  it('leave out a wallet the shop does not list or has no number for', () => {
    expect(
      offeredMethods({
        methods: ['cash on delivery', 'bkash'],
        bkashNumber: '01711-000000',
        rocketNumber: null,
      }),
    ).toEqual(['cash on delivery', 'bkash']);
    expect(
      offeredMethods({
        methods: ['cash on delivery', 'bkash', 'rocket'],
        bkashNumber: null,
        rocketNumber: '018',
      }),
    ).toEqual(['cash on delivery', 'rocket']);
  });

  it('include a card when the shop lists it (Stripe configured), and not otherwise', () => {
    expect(
      offeredMethods({ methods: ['card', 'cash on delivery'], bkashNumber: null, rocketNumber: null }),
    ).toEqual(['cash on delivery', 'card']);
    expect(offeredMethods({ methods: ['cash on delivery'], bkashNumber: null, rocketNumber: null })).toEqual([
      'cash on delivery',
    ]);
  });

  it('are cash on delivery alone until the shop says more, the first choice among any', () => {
    expect(offeredMethods(undefined)).toEqual(['cash on delivery']);
    expect(offeredMethods({ methods: [], bkashNumber: null, rocketNumber: null })).toEqual([FIRST_CHOICE]);
  });
});
