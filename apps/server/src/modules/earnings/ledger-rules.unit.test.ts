import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@bazaar/shared/orders';
import {
  entriesToAppend,
  entryReason,
  partShouldHold,
  type LedgerPart,
  type PartAmounts,
} from './ledger-rules.ts';

const line = (
  status: LedgerPart['lines'][number]['status'],
  lineTotalCents = 2000,
  commissionCents = 200,
) => ({
  status,
  lineTotalCents,
  commissionCents,
});

const part = (overrides: Partial<LedgerPart>): LedgerPart => ({
  lines: [line('delivered')],
  shippingCents: 500,
  cashOnDelivery: false,
  refunded: false,
  ...overrides,
});

const nothing: PartAmounts = { goods: 0, shipping: 0, commission: 0 };

/** What the ledger holds after appending `entries` to `held`. */
const apply = (held: PartAmounts, entries: ReturnType<typeof entriesToAppend>): PartAmounts =>
  entries.reduce((sum, entry) => ({ ...sum, [entry.kind]: sum[entry.kind] + entry.amountCents }), held);

describe('partShouldHold', () => {
  it('credits the goods and the shipping of a part paid online and delivered, less the commission', () => {
    expect(partShouldHold(part({}))).toEqual({ goods: 2000, shipping: 500, commission: -200 });
  });

  it('debits only the commission of a cash-on-delivery part: the seller holds the cash', () => {
    expect(partShouldHold(part({ cashOnDelivery: true }))).toEqual({
      goods: 0,
      shipping: 0,
      commission: -200,
    });
  });

  it('holds nothing for a part not delivered yet', () => {
    for (const status of ['processing', 'shipped', 'cancelled'] as const) {
      expect(partShouldHold(part({ lines: [line(status)] }))).toEqual(nothing);
    }
  });

  it('credits each line as it is delivered, and the shipping once the whole part is', () => {
    const lines = [line('delivered', 2000, 200), line('shipped', 3000, 300)];
    expect(partShouldHold(part({ lines }))).toEqual({ goods: 2000, shipping: 0, commission: -200 });
    const both = [line('delivered', 2000, 200), line('delivered', 3000, 300)];
    expect(partShouldHold(part({ lines: both }))).toEqual({ goods: 5000, shipping: 500, commission: -500 });
  });

  it('leaves a cancelled line out of a part delivered otherwise', () => {
    const lines = [line('delivered', 2000, 200), line('cancelled', 3000, 300)];
    expect(partShouldHold(part({ lines }))).toEqual({ goods: 2000, shipping: 500, commission: -200 });
  });

  it('holds nothing for a refunded part, whatever was delivered', () => {
    expect(partShouldHold(part({ refunded: true }))).toEqual(nothing);
    expect(partShouldHold(part({ refunded: true, cashOnDelivery: true }))).toEqual(nothing);
  });
});

describe('entriesToAppend', () => {
  it('appends what the part should hold when the ledger holds nothing of it', () => {
    expect(entriesToAppend(partShouldHold(part({})), nothing)).toEqual([
      { kind: 'goods', amountCents: 2000 },
      { kind: 'shipping', amountCents: 500 },
      { kind: 'commission', amountCents: -200 },
    ]);
  });

  it('appends nothing the second time', () => {
    const should = partShouldHold(part({}));
    expect(entriesToAppend(should, should)).toEqual([]);
  });

  it('reverses a credited part that is refunded: the opposite entries, the commission given back', () => {
    const held = partShouldHold(part({}));
    expect(entriesToAppend(partShouldHold(part({ refunded: true })), held)).toEqual([
      { kind: 'goods', amountCents: -2000 },
      { kind: 'shipping', amountCents: -500 },
      { kind: 'commission', amountCents: 200 },
    ]);
  });

  it('reverses a cash part refunded: the commission only', () => {
    const held = partShouldHold(part({ cashOnDelivery: true }));
    expect(entriesToAppend(partShouldHold(part({ cashOnDelivery: true, refunded: true })), held)).toEqual([
      { kind: 'commission', amountCents: 200 },
    ]);
  });

  it('brings the ledger to what the part should hold after any history of moves', () => {
    const status = fc.constantFrom(...ORDER_STATUSES);
    const aPart = fc.record({
      lines: fc.array(
        fc
          .record({
            status,
            lineTotalCents: fc.integer({ min: 1, max: 100_000 }),
            rate: fc.integer({ min: 0, max: 10_000 }),
          })
          .map(({ status: lineStatus, lineTotalCents, rate }) =>
            line(lineStatus, lineTotalCents, Math.round((lineTotalCents * rate) / 10_000)),
          ),
        { minLength: 1, maxLength: 4 },
      ),
      shippingCents: fc.integer({ min: 0, max: 5000 }),
      cashOnDelivery: fc.boolean(),
      refunded: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(aPart, { minLength: 1, maxLength: 6 }), (history) => {
        let held = nothing;
        for (const step of history) {
          held = apply(held, entriesToAppend(partShouldHold(step), held));
          expect(held).toEqual(partShouldHold(step));
        }
      }),
    );
  });
});

describe('entryReason', () => {
  it('names a credit, the commission and their reversals', () => {
    expect(entryReason('goods', 2000, false)).toBe('Goods delivered');
    expect(entryReason('shipping', 500, false)).toBe('Shipping delivered');
    expect(entryReason('commission', -200, false)).toBe("Shop's commission");
    expect(entryReason('goods', -2000, true)).toBe('Goods refunded');
    expect(entryReason('commission', 200, true)).toBe('Commission refunded');
  });
});
