import { PAYMENT_METHOD_NAMES } from '@bazaar/shared/orders-constants';
import { isWalletMethod, PAYMENT_CLAIMS_MAX, type Payment, type PaymentEvent } from '@bazaar/shared/payments';
import { formatWireDollars } from '@bazaar/shared/pricing';

/**
 * Where the buyer of a bKash or Rocket order stands: `pay` (send `amount` and claim it; after a rejection, its reason
 * and the tries left; `late` once the order ended unpaid, when a payment sent already is still taken and refunded),
 * `verifying` while a claim waits for an admin, `refused` once every try was rejected, `settled` when nothing is
 * left to send (paid, or nothing due).
 */
export type WalletStep =
  | {
      kind: 'pay';
      amount: number;
      late: boolean;
      rejection: { reason: string; triesLeft: number } | null;
    }
  | { kind: 'verifying'; claim: PaymentEvent; late: boolean }
  | { kind: 'refused' }
  | { kind: 'settled' };

const lastOf = (events: PaymentEvent[], kind: PaymentEvent['kind']) =>
  events.findLast((event) => event.kind === kind);

/**
 * The buyer's next step for a wallet order, read from its payment events (null for cash on delivery). A buyer has
 * one claim waiting at a time, so the events alternate: claimed, then accepted or rejected.
 */
export function walletStep(payment: Payment): WalletStep | null {
  if (!isWalletMethod(payment.method)) return null;
  const { events } = payment;
  // An order that ended unpaid still takes the amount it was waiting for (the shop then refunds it).
  const expired = lastOf(events, 'expired');
  const late = expired !== undefined;
  const claim = lastOf(events, 'claimed');
  const decided = events.findLastIndex((event) => event.kind === 'accepted' || event.kind === 'rejected');
  if (claim && events.indexOf(claim) > decided) return { kind: 'verifying', claim, late };
  if (lastOf(events, 'accepted')) return { kind: 'settled' };
  const rejections = events.filter((event) => event.kind === 'rejected');
  if (rejections.length >= PAYMENT_CLAIMS_MAX) return { kind: 'refused' };
  const rejected = rejections.at(-1);
  const rejection = rejected
    ? { reason: rejected.reference ?? '', triesLeft: PAYMENT_CLAIMS_MAX - rejections.length }
    : null;
  if (expired) return { kind: 'pay', amount: expired.amount, late, rejection };
  if (payment.due > 0) return { kind: 'pay', amount: payment.due, late, rejection };
  return { kind: 'settled' };
}

/** One payment event in words, as the order's payment history lists it. */
export function eventText(event: PaymentEvent, method: Payment['method']): string {
  const amount = formatWireDollars(event.amount);
  const wallet = PAYMENT_METHOD_NAMES[method];
  switch (event.kind) {
    case 'claimed':
      return `${amount} sent by ${wallet}, transaction ID ${event.reference ?? ''}`;
    case 'accepted':
      return `Payment of ${amount} verified`;
    case 'rejected':
      return `Payment of ${amount} not verified: “${event.reference ?? ''}”`;
    case 'cash_collected':
      return `${amount} paid in cash at delivery`;
    case 'refund_due':
      return `Refund of ${amount} due`;
    case 'refund_made':
      return `Refund of ${amount} made, reference ${event.reference ?? ''}`;
    case 'expired':
      return `Cancelled unpaid: ${amount} was not paid in time`;
    case 'card_paid':
      return `${amount} paid by card`;
    case 'card_mismatch':
      return `A card payment that was not what was due (${event.reference ?? ''}): we will sort it out with you`;
    case 'refund_failed':
      return `Refund of ${amount} not made by card (${event.reference ?? ''}): we will refund it another way`;
  }
}
