import type { orderLines, orderParts, orders, sellerLedger } from '../db/schema.ts';
import { orderEntries } from '../modules/earnings/earnings.module.ts';
import { deliveredAt } from './seed-payments.ts';

type NewEntry = typeof sellerLedger.$inferInsert;

/**
 * The sellers' ledger of the demo orders, as the shop would have written it when each was delivered (by the ledger's
 * own rule): a part paid online credits its goods and shipping, every delivered part is charged its commission.
 */
export function buildLedger(
  orderRows: readonly (typeof orders.$inferInsert)[],
  lineRows: readonly (typeof orderLines.$inferInsert)[],
  partRows: readonly (typeof orderParts.$inferInsert)[],
  now: number,
  holdDays: number,
): NewEntry[] {
  return (
    orderRows
      .filter((order) => order.status === 'delivered')
      .flatMap((order) => {
        const at = deliveredAt(order.orderTime ?? new Date(now), now);
        const parts = partRows
          .filter((part) => part.orderId === order.id)
          .map((part) => ({
            sellerEmail: part.sellerEmail,
            lines: lineRows
              .filter((line) => line.orderId === order.id && line.sellerEmail === part.sellerEmail)
              .map((line) => ({
                status: line.status ?? 'processing',
                lineTotalCents: line.lineTotalCents,
                commissionCents: line.commissionCents ?? 0,
              })),
            shippingCents: part.shippingCents,
            cashOnDelivery: order.paymentMethod === 'cash on delivery',
            refunded: false,
            held: { goods: 0, shipping: 0, commission: 0 },
          }));
        return orderEntries(parts).map((entry) => ({
          ...entry,
          orderId: order.id,
          createdAt: at,
          // As the repository writes them: a credit after the hold, a debit at once.
          availableAt: entry.amountCents > 0 ? new Date(at.getTime() + holdDays * 86_400_000) : at,
        }));
      })
      // Written in the order they happened: a ledger lists its entries by when they were appended.
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
  );
}
