import type { PaymentEventKind, PaymentStatus } from '@bazaar/shared/payments';
import { sumCents } from '@bazaar/shared/pricing';

/** What the derivation reads of an event. */
export interface LedgerEvent {
  kind: PaymentEventKind;
  amountCents: number;
  sellerEmail: string | null;
  claimId: string | null;
}

/** An order's payment as its events and its due make it, in cents. */
export interface PaymentState {
  status: PaymentStatus;
  /** What arrived: accepted claims, cash collected and card payments (never a card payment flagged a mismatch). */
  paidCents: number;
  /** What went back to the buyer. */
  refundedCents: number;
  /** What the buyer still has to pay. */
  dueCents: number;
  /** What the shop owes back and has not yet recorded as owed: more arrived than the order is now worth. */
  excessCents: number;
  /** A claim waits for an admin's decision. */
  pending: boolean;
}

const total = (events: LedgerEvent[], kind: PaymentEventKind) =>
  events.reduce((sum, event) => (event.kind === kind ? sum + event.amountCents : sum), 0);

/** Claims claimed and not yet accepted or rejected. */
function hasPendingClaim(events: LedgerEvent[]): boolean {
  const decided = new Set(
    events.filter((event) => event.kind === 'accepted' || event.kind === 'rejected').map((e) => e.claimId),
  );
  return events.some((event) => event.kind === 'claimed' && !decided.has(event.claimId));
}

/**
 * An order's payment from its events and `orderDueCents`, what its parts make payable now (`partsOf`). What was paid
 * and not owed back (paid − refunds due) settles the order's due; anything above it is a refund the shop owes.
 */
export function paymentState(events: LedgerEvent[], orderDueCents: number): PaymentState {
  const paidCents = total(events, 'accepted') + total(events, 'cash_collected') + total(events, 'card_paid');
  const refundDueCents = total(events, 'refund_due');
  const refundedCents = total(events, 'refund_made');
  // Refunds are only ever owed out of what was paid: never more than it.
  const kept = Math.max(0, paidCents - refundDueCents);
  const dueCents = Math.max(0, orderDueCents - kept);
  const pending = hasPendingClaim(events);
  const status: PaymentStatus =
    refundDueCents > refundedCents
      ? 'refund_due'
      : pending
        ? 'awaiting_verification'
        : dueCents > 0
          ? 'unpaid'
          : refundedCents > 0 && orderDueCents === 0
            ? 'refunded'
            : paidCents > 0
              ? 'paid'
              : 'unpaid';
  return {
    status,
    paidCents,
    refundedCents,
    dueCents,
    excessCents: Math.max(0, kept - orderDueCents),
    pending,
  };
}

/** The cash the couriers collected for one seller's part so far. */
export const cashCollectedCents = (events: LedgerEvent[], sellerEmail: string) =>
  sumCents(
    events
      .filter((event) => event.kind === 'cash_collected' && event.sellerEmail === sellerEmail)
      .map((event) => event.amountCents),
  );

/**
 * Whether one seller's part is paid, as the seller sees it: a cash part once its cash was collected; a wallet order's
 * part once the whole order is (the buyer pays the shop once for every part).
 */
export function partPaymentState(
  order: PaymentState,
  events: LedgerEvent[],
  part: { sellerEmail: string; dueCents: number },
  cash: boolean,
): { status: PaymentStatus; dueCents: number } {
  if (cash) {
    const collected = cashCollectedCents(events, part.sellerEmail);
    const dueCents = Math.max(0, part.dueCents - collected);
    return { status: collected > 0 && dueCents === 0 ? 'paid' : 'unpaid', dueCents };
  }
  if (order.dueCents === 0 && order.paidCents > 0) return { status: 'paid', dueCents: 0 };
  return { status: order.pending ? 'awaiting_verification' : 'unpaid', dueCents: part.dueCents };
}
