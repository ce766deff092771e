import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Order } from '@bazaar/shared/orders';
import { formatWireDollars } from '@bazaar/shared/pricing';
import { textLinkClass } from '../../../components/button.tsx';
import { CancellationNotes, OrderAmounts } from '../../../components/order-amounts.tsx';
import { OrderStatusBadge } from '../../../components/order-status.tsx';
import { OrderTime } from '../../../components/order-time.tsx';
import { PaymentStatusBadge } from '../../../components/payment-status.tsx';
import { OrderMoves, rolesIn } from './order-moves.tsx';
import { orderPath } from './order-paths.ts';
import { SellerProgress } from './seller-progress.tsx';

export const ORDER_COLUMNS = [
  'Number',
  'Product Names',
  // The spec's "Product Type" column: it counts the order's products (lines).
  'Items',
  'Price',
  'Payment',
  'Shipping Address',
  'Order Date',
  'Status',
] as const;

/**
 * A cell of the orders table. On a phone the table is a stack of cards, one per order, and each cell is a line
 * of its card, named by its column (the header row is there only for screen readers).
 */
function Cell({
  column,
  stacked = false,
  className = '',
  children,
}: {
  column: (typeof ORDER_COLUMNS)[number];
  /** The column's name above the value rather than beside it, for wide contents. */
  stacked?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td
      role="cell"
      data-label={column}
      className={`${stacked ? 'flex flex-col gap-1' : 'flex gap-3'} py-1.5 align-top before:w-28 before:shrink-0 before:text-xs before:font-semibold before:text-gray-500 before:uppercase before:content-[attr(data-label)] md:table-cell md:px-3 md:py-3 md:before:content-none ${className}`}
    >
      {children}
    </td>
  );
}

export function OrderRow({
  order,
  isAdmin,
  viewerEmail,
}: {
  order: Order;
  isAdmin: boolean;
  viewerEmail: string;
}) {
  const roles = rolesIn(order, viewerEmail, isAdmin);

  return (
    <tr
      role="row"
      className="block rounded-xl border border-gray-200 bg-white p-4 shadow-sm md:table-row md:rounded-none md:border-x-0 md:border-b-0 md:border-gray-100 md:p-0 md:shadow-none"
    >
      <Cell column="Number" className="whitespace-nowrap tabular-nums">
        <Link to={orderPath(order.number)} className={textLinkClass}>
          {order.number}
        </Link>
      </Cell>
      <Cell column="Product Names">{order.products.map((line) => line.name).join(', ')}</Cell>
      <Cell column="Items" className="tabular-nums">
        {order.products.length}
      </Cell>
      <Cell column="Price" className="tabular-nums">
        <OrderAmounts order={order} />
      </Cell>
      <Cell column="Payment" className="tabular-nums">
        <span className="flex flex-col items-start gap-1">
          <PaymentStatusBadge status={order.payment.status} />
          <span className="whitespace-nowrap">Due {formatWireDollars(order.payment.due)}</span>
        </span>
      </Cell>
      <Cell column="Shipping Address" className="whitespace-pre-line">
        {order.address}
      </Cell>
      <Cell column="Order Date" className="md:whitespace-nowrap">
        <OrderTime iso={order.orderTime} />
      </Cell>
      <Cell column="Status" stacked>
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} />
          <OrderMoves order={order} roles={roles} />
        </div>
        <SellerProgress order={order} />
        <CancellationNotes lines={order.products} />
      </Cell>
    </tr>
  );
}
