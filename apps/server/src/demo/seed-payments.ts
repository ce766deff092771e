import { isWalletMethod } from '@bazaar/shared/payments';
import type { OrderStatus, PaymentMethod } from '@bazaar/shared/orders-constants';
import type { paymentClaims, paymentEvents } from '../db/schema.ts';
import type { Random } from './random.ts';

type NewClaim = typeof paymentClaims.$inferInsert;
type NewEvent = typeof paymentEvents.$inferInsert;

/** What the demo's payment record is made from: an order as placed, and what each seller's part came to. */
export interface DemoPaidOrder {
  id: string;
  buyerEmail: string;
  method: PaymentMethod;
  status: OrderStatus;
  placedAt: Date;
  totalCents: number;
  /** Goods and shipping of each seller's part. */
  parts: { sellerEmail: string; cents: number }[];
}

const HOUR_MS = 60 * 60 * 1000;
/** How long after its order a demo part reached its buyer, the courier collecting the cash. */
const DELIVERED_AFTER_MS = 5 * 24 * HOUR_MS;

/** When a delivered demo order reached its buyer: some days after it was placed, and never after now. */
export const deliveredAt = (placedAt: Date, now: number) =>
  new Date(Math.min(now, placedAt.getTime() + DELIVERED_AFTER_MS));

const TRANSACTION_ID_CHARACTERS = [...'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'];

/**
 * The payment record of the demo orders, as the shop would have written it: a cash part paid when delivered, a
 * wallet order claimed and accepted (the newest one still waiting for an admin, so the Payments page has one to
 * verify), and a cancelled wallet order ended unpaid when its window ran out.
 */
export function buildPayments(
  random: Random,
  paidOrders: readonly DemoPaidOrder[],
  now: number,
): { claimRows: NewClaim[]; eventRows: NewEvent[] } {
  const claimRows: NewClaim[] = [];
  const eventRows: NewEvent[] = [];
  const waitingWallet = paidOrders
    .filter((order) => isWalletMethod(order.method) && order.status === 'processing')
    .reduce<DemoPaidOrder | undefined>(
      (newest, order) => (newest && newest.placedAt > order.placedAt ? newest : order),
      undefined,
    );
  for (const order of paidOrders) {
    const at = (afterMs: number) => new Date(Math.min(now, order.placedAt.getTime() + afterMs));
    const ofOrder = { orderId: order.id, amountCents: order.totalCents };
    if (!isWalletMethod(order.method)) {
      if (order.status !== 'delivered') continue;
      for (const part of order.parts) {
        eventRows.push({
          ...ofOrder,
          sellerEmail: part.sellerEmail,
          kind: 'cash_collected',
          amountCents: part.cents,
          by: 'seller',
          actorEmail: part.sellerEmail,
          createdAt: deliveredAt(order.placedAt, now),
        });
      }
    } else if (order.status === 'cancelled') {
      eventRows.push({ ...ofOrder, kind: 'expired', by: 'shop', createdAt: at(24 * HOUR_MS) });
    } else {
      const pending = order === waitingWallet;
      const claim = {
        id: random.uuid(),
        orderId: order.id,
        method: order.method,
        sender: `01${random.int(3, 9)}${String(random.int(0, 99_999_999)).padStart(8, '0')}`,
        transactionId: Array.from({ length: 10 }, () => random.pick(TRANSACTION_ID_CHARACTERS)).join(''),
        amountCents: order.totalCents,
        status: pending ? ('pending' as const) : ('accepted' as const),
        createdAt: at(HOUR_MS),
        decidedAt: pending ? null : at(3 * HOUR_MS),
      };
      claimRows.push(claim);
      const ofClaim = { ...ofOrder, claimId: claim.id, reference: claim.transactionId };
      eventRows.push({
        ...ofClaim,
        kind: 'claimed',
        by: 'buyer',
        actorEmail: order.buyerEmail,
        createdAt: claim.createdAt,
      });
      if (claim.decidedAt)
        eventRows.push({ ...ofClaim, kind: 'accepted', by: 'admin', createdAt: claim.decidedAt });
    }
  }
  return { claimRows, eventRows };
}
