import { describe, expect, it } from 'vitest';
import type { Payment, PaymentEvent } from '@bazaar/shared/payments';
import { eventText, walletStep } from './payment-steps.ts';

let at = Date.parse('2026-11-27T10:00:00Z');

function event(kind: PaymentEvent['kind'], amount: number, reference: string | null = null): PaymentEvent {
  at += 60_000;
  return {
    _id: crypto.randomUUID(),
    kind,
    amount,
    by: 'buyer',
    reference,
    at: new Date(at).toISOString(),
  };
}

const bkash = (due: number, events: PaymentEvent[]): Payment => ({
  method: 'bkash',
  status: 'unpaid',
  paid: 0,
  refunded: 0,
  due,
  events,
});

describe('the buyer’s next step with a wallet order', () => {
  it('is none for cash on delivery: the courier takes the money', () => {
    expect(walletStep({ ...bkash(46, []), method: 'cash on delivery' })).toBeNull();
  });

  it('is to pay what is due while no claim was made', () => {
    expect(walletStep(bkash(46, []))).toEqual({ kind: 'pay', amount: 46, late: false, rejection: null });
  });

  it('is to wait while a claim is being verified, naming that claim', () => {
    const claim = event('claimed', 46, 'TX1');
    expect(walletStep(bkash(46, [claim]))).toEqual({ kind: 'verifying', claim, late: false });
  });

  it('after a rejection, is to pay again with the reason and the tries left', () => {
    const events = [event('claimed', 46, 'TX1'), event('rejected', 46, 'No such payment')];
    expect(walletStep(bkash(46, events))).toEqual({
      kind: 'pay',
      amount: 46,
      late: false,
      rejection: { reason: 'No such payment', triesLeft: 2 },
    });
    const again = event('claimed', 46, 'TX2');
    expect(walletStep(bkash(46, [...events, again]))).toEqual({
      kind: 'verifying',
      claim: again,
      late: false,
    });
  });

  it('is refused once every try was rejected', () => {
    const events = ['TX1', 'TX2', 'TX3'].flatMap((id) => [
      event('claimed', 46, id),
      event('rejected', 46, 'Wrong ID'),
    ]);
    expect(walletStep(bkash(46, events))).toEqual({ kind: 'refused' });
  });

  it('is settled once a claim is accepted, whatever follows (a refund of a cancelled part)', () => {
    const events = [event('claimed', 46, 'TX1'), event('accepted', 46, 'TX1'), event('refund_due', 10)];
    expect(walletStep({ ...bkash(0, events), status: 'refund_due' })).toEqual({ kind: 'settled' });
  });

  it('is settled when nothing is due and nothing was claimed (the buyer cancelled)', () => {
    expect(walletStep(bkash(0, []))).toEqual({ kind: 'settled' });
  });

  it('after the order ended unpaid, takes the amount it waited for as a late payment', () => {
    const expired = event('expired', 46);
    expect(walletStep(bkash(0, [expired]))).toEqual({ kind: 'pay', amount: 46, late: true, rejection: null });
    const late = event('claimed', 46, 'TX9');
    expect(walletStep(bkash(0, [expired, late]))).toEqual({ kind: 'verifying', claim: late, late: true });
  });
});

describe('a payment event in words', () => {
  it('names the transaction ID of a claim, the reason of a rejection and the reference of a refund', () => {
    const words = [
      event('claimed', 46, '8N7A6D5B'),
      event('rejected', 46, 'No such payment arrived'),
      event('accepted', 46, '8N7A6D5B'),
      event('refund_due', 10.5),
      event('refund_made', 10.5, 'RF-1'),
      event('expired', 46),
      event('cash_collected', 46),
    ].map((each) => eventText(each, 'bkash'));
    expect(words).toEqual([
      '$46.00 sent by bKash, transaction ID 8N7A6D5B',
      'Payment of $46.00 not verified: “No such payment arrived”',
      'Payment of $46.00 verified',
      'Refund of $10.50 due',
      'Refund of $10.50 made, reference RF-1',
      'Cancelled unpaid: $46.00 was not paid in time',
      '$46.00 paid in cash at delivery',
    ]);
  });

  it('tells a card payment, one of another amount, and a refund Stripe refused', () => {
    const words = [
      event('card_paid', 46, 'pi_1'),
      event('card_mismatch', 1, 'pi_2: charged 1.00 USD, asked $46.00'),
      event('refund_failed', 10.5, 'Stripe refused: the charge was disputed'),
    ].map((each) => eventText(each, 'card'));
    expect(words).toEqual([
      '$46.00 paid by card',
      'A card payment that was not what was due (pi_2: charged 1.00 USD, asked $46.00): we will sort it out with you',
      'Refund of $10.50 not made by card (Stripe refused: the charge was disputed): we will refund it another way',
    ]);
  });
});
