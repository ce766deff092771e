import { describe, expect, it } from 'vitest';
import { partsOf, shippingAtPlacement } from './order-parts.ts';

const terms = { shippingFeeCents: 450, freeShippingOverCents: 5000 };

describe('partsOf', () => {
  it("keeps a part's shipping due while one of its lines is, and drops it with the last", () => {
    const lines = [
      { sellerEmail: 'pia@x.test', status: 'cancelled' as const, lineTotalCents: 3000 },
      { sellerEmail: 'dan@x.test', status: 'processing' as const, lineTotalCents: 8000 },
      { sellerEmail: 'pia@x.test', status: 'shipped' as const, lineTotalCents: 1250 },
    ];
    const shipping = new Map([
      ['pia@x.test', 450],
      ['dan@x.test', 1000],
    ]);
    expect(partsOf(lines, shipping).map(({ lines, ...part }) => part)).toEqual([
      { sellerEmail: 'pia@x.test', goodsCents: 4250, shippingCents: 450, dueCents: 1700, status: 'shipped' },
      {
        sellerEmail: 'dan@x.test',
        goodsCents: 8000,
        shippingCents: 1000,
        dueCents: 9000,
        status: 'processing',
      },
    ]);
    const allCancelled = lines.map((line) => ({ ...line, status: 'cancelled' as const }));
    expect(partsOf(allCancelled, shipping).map((part) => part.dueCents)).toEqual([0, 0]);
  });
});

describe('shippingAtPlacement', () => {
  it("charges each seller's fee, and nothing from their free-over amount of goods on", () => {
    const line = (sellerEmail: string, lineTotalCents: number) => ({ sellerEmail, lineTotalCents, terms });
    expect(
      shippingAtPlacement([line('a@x.test', 4999), line('b@x.test', 2500), line('b@x.test', 2500)]),
    ).toEqual(
      new Map([
        ['a@x.test', 450],
        ['b@x.test', 0],
      ]),
    );
  });
});
