import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_EVENT_KINDS } from '@bazaar/shared/payments';
import { partPaymentState, paymentState, type LedgerEvent } from './payment-state.ts';

const event = (
  kind: LedgerEvent['kind'],
  amountCents: number,
  claimId: string | null = null,
): LedgerEvent => ({
  kind,
  amountCents,
  sellerEmail: null,
  claimId,
});

describe('paymentState', () => {
  it('is unpaid with the whole due when nothing happened', () => {
    expect(paymentState([], 5000)).toMatchObject({
      status: 'unpaid',
      paidCents: 0,
      dueCents: 5000,
      excessCents: 0,
    });
  });

  it('awaits verification while a claim is undecided, and is paid once it is accepted', () => {
    const claimed = [event('claimed', 5000, 'c1')];
    expect(paymentState(claimed, 5000)).toMatchObject({ status: 'awaiting_verification', dueCents: 5000 });
    const accepted = [...claimed, event('accepted', 5000, 'c1')];
    expect(paymentState(accepted, 5000)).toMatchObject({ status: 'paid', paidCents: 5000, dueCents: 0 });
  });

  it('counts a card payment as paid, and a card payment flagged a mismatch as not paid', () => {
    expect(paymentState([event('card_paid', 5000)], 5000)).toMatchObject({ status: 'paid', dueCents: 0 });
    expect(paymentState([event('card_mismatch', 100)], 5000)).toMatchObject({
      status: 'unpaid',
      paidCents: 0,
      dueCents: 5000,
    });
  });

  it('stays refund due when Stripe refused the refund, until it is made', () => {
    const refused = [event('card_paid', 5000), event('refund_due', 2000), event('refund_failed', 2000)];
    expect(paymentState(refused, 3000)).toMatchObject({ status: 'refund_due', dueCents: 0 });
    expect(paymentState([...refused, event('refund_made', 2000)], 3000)).toMatchObject({
      status: 'paid',
      refundedCents: 2000,
    });
  });

  it('is unpaid again after a rejection', () => {
    const rejected = [event('claimed', 5000, 'c1'), event('rejected', 5000, 'c1')];
    expect(paymentState(rejected, 5000)).toMatchObject({ status: 'unpaid', paidCents: 0, dueCents: 5000 });
  });

  it('owes back what was paid beyond what the order is now worth, until it is refunded', () => {
    const paid = [event('claimed', 5000, 'c1'), event('accepted', 5000, 'c1')];
    // A part of $20.00 was cancelled: $20.00 to refund, not yet recorded.
    expect(paymentState(paid, 3000)).toMatchObject({ status: 'paid', excessCents: 2000, dueCents: 0 });
    const owed = [...paid, event('refund_due', 2000)];
    expect(paymentState(owed, 3000)).toMatchObject({ status: 'refund_due', excessCents: 0, dueCents: 0 });
    const refunded = [...owed, event('refund_made', 2000)];
    expect(paymentState(refunded, 3000)).toMatchObject({ status: 'paid', refundedCents: 2000, dueCents: 0 });
  });

  it('is refunded once an order cancelled whole gave its money back', () => {
    const events = [
      event('claimed', 5000, 'c1'),
      event('accepted', 5000, 'c1'),
      event('refund_due', 5000),
      event('refund_made', 5000),
    ];
    expect(paymentState(events, 0)).toMatchObject({
      status: 'refunded',
      paidCents: 5000,
      refundedCents: 5000,
    });
  });

  it('never gives a negative amount, nor more due than the order is worth, whatever the events', () => {
    const events = fc.array(
      fc.record({
        kind: fc.constantFrom(...PAYMENT_EVENT_KINDS),
        amountCents: fc.integer({ min: 0, max: 1_000_000 }),
        sellerEmail: fc.constant(null),
        claimId: fc.constantFrom('c1', 'c2', null),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(events, fc.integer({ min: 0, max: 1_000_000 }), (list, orderDue) => {
        const state = paymentState(list, orderDue);
        for (const amount of [state.paidCents, state.refundedCents, state.dueCents, state.excessCents]) {
          expect(amount).toBeGreaterThanOrEqual(0);
        }
        expect(state.dueCents).toBeLessThanOrEqual(orderDue);
        // Either something is still due or nothing is owed beyond it, never both.
        expect(state.dueCents > 0 && state.excessCents > 0).toBe(false);
      }),
    );
  });
});

describe('partPaymentState', () => {
  const part = { sellerEmail: 'mia@bazaar.test', dueCents: 2000 };

  it('pays a cash part with the cash its seller collected', () => {
    const collected = [{ ...event('cash_collected', 2000), sellerEmail: part.sellerEmail }];
    const order = paymentState(collected, 6500);
    expect(partPaymentState(order, collected, part, true)).toEqual({ status: 'paid', dueCents: 0 });
    const other = [{ ...event('cash_collected', 4500), sellerEmail: 'leo@bazaar.test' }];
    expect(partPaymentState(paymentState(other, 6500), other, part, true)).toEqual({
      status: 'unpaid',
      dueCents: 2000,
    });
  });

  it("pays a wallet order's part once the whole order is paid", () => {
    const claimed = [event('claimed', 6500, 'c1')];
    expect(partPaymentState(paymentState(claimed, 6500), claimed, part, false)).toEqual({
      status: 'awaiting_verification',
      dueCents: 2000,
    });
    const paid = [...claimed, event('accepted', 6500, 'c1')];
    expect(partPaymentState(paymentState(paid, 6500), paid, part, false)).toEqual({
      status: 'paid',
      dueCents: 0,
    });
  });
});
