import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import type { Order, OrderStatus } from '@bazaar/shared/orders';
import { movesOf, type FulfilmentRole } from '@bazaar/shared/order-status';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CancellationNotes, OrderAmounts } from '../../../components/order-amounts.tsx';
import { OrderStatusBadge } from '../../../components/order-status.tsx';
import { failureMessage } from '../../../lib/field-errors.ts';
import { useChangeOrderStatus } from './api/change-order-status.ts';
import { Button } from '../../../components/button.tsx';
import { SellerProgress } from './seller-progress.tsx';

interface Move {
  to: OrderStatus;
  label: string;
  done: string;
}

const SHIP: Move = { to: 'shipped', label: 'Ship', done: 'Order shipped' };
const DELIVER: Move = { to: 'delivered', label: 'Deliver', done: 'Order delivered' };
const CANCEL: Move = { to: 'cancelled', label: 'Cancel', done: 'Order cancelled' };
const CANCEL_REST: Move = {
  to: 'cancelled',
  label: 'Cancel the rest',
  done: 'The rest of the order is cancelled',
};

/** The moves the server allows the viewer on some line of the order; it checks them again. */
function movesFor(order: Order, roles: FulfilmentRole[]): Move[] {
  const allowed = movesOf(
    roles,
    order.products.map((line) => line.status),
  );
  return [SHIP, DELIVER, CANCEL].filter((move) => allowed.includes(move.to));
}

/** The names of the lines a buyer's cancellation would still reach, when some of the order has shipped. */
function unshippedOnly(order: Order, roles: FulfilmentRole[]): string[] | undefined {
  if (roles.includes('admin')) return undefined;
  const shipped = order.products.some((line) => line.status === 'shipped' || line.status === 'delivered');
  if (!shipped) return undefined;
  return order.products.filter((line) => line.status === 'processing').map((line) => line.name);
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const ORDER_COLUMNS = [
  'Number',
  'Product Names',
  'Product Type',
  'Price',
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
  const changeStatus = useChangeOrderStatus(order._id);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const roles: FulfilmentRole[] = [];
  if (order.userEmail === viewerEmail.toLowerCase()) roles.push('buyer');
  if (isAdmin) roles.push('admin');
  const moves = movesFor(order, roles);
  // Part of the order has shipped: the buyer's Cancel reaches only the rest.
  const rest = unshippedOnly(order, roles);
  const shown = (candidate: Move) => (candidate === CANCEL && rest ? CANCEL_REST : candidate);

  function move({ to, done }: Move) {
    changeStatus.mutate(to, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(failureMessage(error)),
      onSettled: () => setConfirmingCancel(false),
    });
  }

  return (
    <tr
      role="row"
      className="block rounded-xl border border-gray-200 bg-white p-4 shadow-sm md:table-row md:rounded-none md:border-x-0 md:border-b-0 md:border-gray-100 md:p-0 md:shadow-none"
    >
      <Cell column="Number" className="whitespace-nowrap tabular-nums">
        {order.number}
      </Cell>
      <Cell column="Product Names">{order.products.map((line) => line.name).join(', ')}</Cell>
      <Cell column="Product Type" className="tabular-nums">
        {order.products.length}
      </Cell>
      <Cell column="Price" className="tabular-nums">
        <OrderAmounts order={order} />
      </Cell>
      <Cell column="Shipping Address" className="whitespace-pre-line">
        {order.address}
      </Cell>
      <Cell column="Order Date" className="md:whitespace-nowrap">
        <time dateTime={order.orderTime}>{dateFormat.format(new Date(order.orderTime))}</time>
      </Cell>
      <Cell column="Status" stacked>
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} />
          {moves.map(shown).map((candidate) => (
            <Button
              key={candidate.to}
              variant={candidate.to === 'cancelled' ? 'danger-outline' : 'primary'}
              size="xs"
              disabled={changeStatus.isPending}
              aria-label={`${candidate.label} ${candidate === CANCEL_REST ? 'of ' : ''}order ${order.number}`}
              onClick={() => (candidate.to === 'cancelled' ? setConfirmingCancel(true) : move(candidate))}
            >
              {candidate.label}
            </Button>
          ))}
        </div>
        <SellerProgress order={order} />
        <CancellationNotes lines={order.products} />
        <ConfirmDialog
          open={confirmingCancel}
          title={
            rest ? `Cancel what has not shipped of order ${order.number}?` : `Cancel order ${order.number}?`
          }
          confirmLabel={rest ? CANCEL_REST.label : 'Cancel order'}
          dismissLabel="Keep order"
          pendingLabel="Cancelling…"
          pending={changeStatus.isPending}
          onConfirm={() => move(rest ? CANCEL_REST : CANCEL)}
          onCancel={() => setConfirmingCancel(false)}
        >
          <p>
            {rest
              ? `${rest.join(', ')} will be cancelled; what has shipped still comes.`
              : 'The order will be cancelled.'}{' '}
            This cannot be undone.
          </p>
        </ConfirmDialog>
      </Cell>
    </tr>
  );
}
