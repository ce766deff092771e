import type { Sale } from '@bazaar/shared/orders';
import { formatWireDollars } from '@bazaar/shared/pricing';

/** Whether the shop took a commission on the order: none when it was placed at 0 %. */
export const hasCommission = (sale: Sale) => sale.commission.percent > 0;

/**
 * What the shop keeps of the seller's part: the rate frozen when the order was placed, and what it comes to on the
 * lines not cancelled.
 */
export function SaleCommission({ commission }: { commission: Sale['commission'] }) {
  return (
    <>
      {formatWireDollars(commission.amount)}{' '}
      <span className="text-gray-600">({commission.percent} % of the goods)</span>
    </>
  );
}
