import { Link } from 'react-router';
import type { Sale } from '@bazaar/shared/orders';
import { formatWireDollars } from '@bazaar/shared/pricing';
import { textLinkClass } from '../../../components/button.tsx';
import { DeliveryContact } from '../../../components/delivery-contact.tsx';
import { CancellationNotes, OrderAmounts } from '../../../components/order-amounts.tsx';
import { OrderStatusBadge } from '../../../components/order-status.tsx';
import { OrderTime } from '../../../components/order-time.tsx';
import { ProductLineImage } from '../../../components/product-line.tsx';
import { salePath } from '../orders/order-paths.ts';
import { SaleMoves } from './sale-moves.tsx';
import { hasCommission, SaleCommission } from './sale-commission.tsx';
import { SalePaymentStatus } from './sale-payment.tsx';

/**
 * One sale on the Sales page: when, who to ship to, whether it is paid, the viewer's lines (an admin's: all) with
 * their statuses, and the moves the server would allow (it checks them again). Cancelling asks first.
 */
export function SaleCard({ sale, isAdmin }: { sale: Sale; isAdmin: boolean }) {
  const buyer = sale.buyer?.name ?? 'A closed account';
  const headingId = `sale-${sale._id}`;

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold text-gray-900">
            Order of {buyer}
          </h2>
          <p className="text-sm text-gray-600">
            <Link to={salePath(sale.number)} className={`${textLinkClass} tabular-nums`}>
              {sale.number}
            </Link>{' '}
            · <OrderTime iso={sale.orderTime} />
          </p>
        </div>
        <OrderStatusBadge status={sale.status} />
        <p className="ml-auto text-right font-semibold text-gray-900">
          <OrderAmounts order={sale} label="Total" />
        </p>
      </header>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <DeliveryContact name={sale.name} address={sale.address} phone={sale.phone} />
        <dt className="font-medium text-gray-600">Payment</dt>
        <dd className="text-gray-900">
          <SalePaymentStatus payment={sale.payment} />
        </dd>
        {hasCommission(sale) && (
          <>
            <dt className="font-medium text-gray-600">Commission</dt>
            <dd className="text-gray-900">
              <SaleCommission commission={sale.commission} />
            </dd>
          </>
        )}
      </dl>
      <ul aria-label="Products" className="flex flex-col divide-y divide-gray-100">
        {sale.products.map((line, position) => (
          <li key={position} className="flex items-center gap-3 py-2">
            <ProductLineImage image={line.mainImage} className="size-14" />
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-gray-900">{line.name}</p>
              <p className="text-sm text-gray-600">
                Qty {line.quantity} · {formatWireDollars(line.lineTotal)}
                {isAdmin && line.seller && <> · sold by {line.seller.name}</>}
              </p>
            </div>
            <OrderStatusBadge status={line.status} />
          </li>
        ))}
      </ul>
      <CancellationNotes lines={sale.products} />
      <SaleMoves sale={sale} isAdmin={isAdmin} buyer={buyer} />
    </article>
  );
}
