import { orderStatusOf, type OrderStatus } from '@bazaar/shared/orders';
import type { LedgerEntryKind } from '@bazaar/shared/earnings';
import { sumCents } from '@bazaar/shared/pricing';

/** The kinds an order's part writes (a payout's is written by the payout). */
export type PartEntryKind = Exclude<LedgerEntryKind, 'payout'>;

/** What the rule reads of one seller's part of an order. */
export interface LedgerPart {
  lines: { status: OrderStatus; lineTotalCents: number; commissionCents: number }[];
  /** The shipping the part was charged at placement. */
  shippingCents: number;
  /** Cash on delivery: the courier hands the buyer's money to the seller, so the shop credits nothing. */
  cashOnDelivery: boolean;
  /** The money for the part went back to the buyer: the seller keeps nothing of it, and owes no commission. */
  refunded: boolean;
}

/** What the ledger holds for a part, or should: an amount per kind, in cents (credits +, debits −). */
export type PartAmounts = Record<PartEntryKind, number>;

export const PART_ENTRY_KINDS: readonly PartEntryKind[] = ['goods', 'shipping', 'commission'];

const none: PartAmounts = { goods: 0, shipping: 0, commission: 0 };

/**
 * What the ledger should hold for one seller's part of an order: its delivered lines earn the seller their goods (paid
 * online: the shop holds the money) less the shop's commission on them (paid in cash too: the seller holds the money);
 * the shipping once the whole part was delivered, as the buyer's cash pays it then. A refunded part holds nothing.
 */
export function partShouldHold(part: LedgerPart): PartAmounts {
  if (part.refunded) return none;
  const delivered = part.lines.filter((line) => line.status === 'delivered');
  const whole = orderStatusOf(part.lines.map((line) => line.status)) === 'delivered';
  return {
    goods: part.cashOnDelivery ? 0 : sumCents(delivered.map((line) => line.lineTotalCents)),
    shipping: part.cashOnDelivery || !whole ? 0 : part.shippingCents,
    // 0 - …: never a -0.
    commission: 0 - sumCents(delivered.map((line) => line.commissionCents)),
  };
}

/**
 * The entries to append so that the ledger holds what it should: the difference per kind. Appending them again
 * appends nothing; a part that should hold less than it does gets reversals (entries of the opposite sign).
 */
export function entriesToAppend(
  should: PartAmounts,
  held: PartAmounts,
): { kind: PartEntryKind; amountCents: number }[] {
  return PART_ENTRY_KINDS.map((kind) => ({ kind, amountCents: should[kind] - held[kind] })).filter(
    (entry) => entry.amountCents !== 0,
  );
}

/** The words an entry is shown with. */
export function entryReason(kind: PartEntryKind, amountCents: number, refunded: boolean): string {
  const reversal = kind === 'commission' ? amountCents > 0 : amountCents < 0;
  if (!reversal) {
    return { goods: 'Goods delivered', shipping: 'Shipping delivered', commission: "Shop's commission" }[
      kind
    ];
  }
  const why = refunded ? 'refunded' : 'corrected';
  return { goods: `Goods ${why}`, shipping: `Shipping ${why}`, commission: `Commission ${why}` }[kind];
}

/** One seller's part of an order as the ledger rule reads it, with what their ledger holds of it already. */
export interface PartInLedger extends LedgerPart {
  sellerEmail: string;
  held: PartAmounts;
}

/** The entries that bring each part's ledger to what it should hold, with the words the seller reads. */
export function orderEntries(parts: PartInLedger[]) {
  return parts.flatMap((part) =>
    entriesToAppend(partShouldHold(part), part.held).map((entry) => ({
      ...entry,
      sellerEmail: part.sellerEmail,
      reason: entryReason(entry.kind, entry.amountCents, part.refunded),
    })),
  );
}
