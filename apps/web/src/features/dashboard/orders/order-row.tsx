import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Order, OrderStatus } from '@bazaar/shared/orders';
import { dollarsToCents, formatDollars } from '@bazaar/shared/pricing';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { failureMessage } from '../../../lib/field-errors.ts';
import { useChangeOrderStatus } from './api/change-order-status.ts';
import { Button } from '../../../components/button.tsx';

interface Move {
  to: OrderStatus;
  label: string;
  done: string;
}

const SHIP: Move = { to: 'shipped', label: 'Ship', done: 'Order shipped' };
const DELIVER: Move = { to: 'delivered', label: 'Deliver', done: 'Order delivered' };
const CANCEL: Move = { to: 'cancelled', label: 'Cancel', done: 'Order cancelled' };

/** The moves the server allows the viewer; it checks them again. */
function movesFor(order: Order, viewer: { isAdmin: boolean; isBuyer: boolean }): Move[] {
  if (viewer.isAdmin) {
    if (order.status === 'processing') return [SHIP, CANCEL];
    if (order.status === 'shipped') return [DELIVER, CANCEL];
    return [];
  }
  return viewer.isBuyer && order.status === 'processing' ? [CANCEL] : [];
}

const STATUS_STYLES: Record<OrderStatus, string> = {
  processing: 'bg-amber-100 text-amber-900',
  shipped: 'bg-sky-100 text-sky-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-gray-200 text-gray-800',
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const cell = 'px-3 py-3 align-top';

export function OrderRow({
  order,
  number,
  isAdmin,
  viewerEmail,
}: {
  order: Order;
  number: number;
  isAdmin: boolean;
  viewerEmail: string;
}) {
  const changeStatus = useChangeOrderStatus(order._id);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const moves = movesFor(order, { isAdmin, isBuyer: order.userEmail === viewerEmail.toLowerCase() });

  function move({ to, done }: Move) {
    changeStatus.mutate(to, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(failureMessage(error)),
      onSettled: () => setConfirmingCancel(false),
    });
  }

  return (
    <tr className="border-t border-gray-100">
      <td className={`${cell} tabular-nums`}>{number}</td>
      <td className={cell}>{order.products.map((line) => line.name).join(', ')}</td>
      <td className={`${cell} tabular-nums`}>{order.products.length}</td>
      <td className={`${cell} tabular-nums`}>{formatDollars(dollarsToCents(order.totalPrice))}</td>
      <td className={`${cell} whitespace-pre-line`}>{order.address}</td>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={order.orderTime}>{dateFormat.format(new Date(order.orderTime))}</time>
      </td>
      <td className={cell}>
        <div className="flex flex-wrap items-center gap-2">
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[order.status]}`}>
            {order.status}
          </span>
          {moves.map((candidate) => (
            <Button
              key={candidate.to}
              variant={candidate.to === 'cancelled' ? 'danger-outline' : 'primary'}
              size="xs"
              disabled={changeStatus.isPending}
              aria-label={`${candidate.label} order ${number}`}
              onClick={() => (candidate === CANCEL ? setConfirmingCancel(true) : move(candidate))}
            >
              {candidate.label}
            </Button>
          ))}
        </div>
        <ConfirmDialog
          open={confirmingCancel}
          title={`Cancel order ${number}?`}
          confirmLabel="Cancel order"
          dismissLabel="Keep order"
          pendingLabel="Cancelling…"
          pending={changeStatus.isPending}
          onConfirm={() => move(CANCEL)}
          onCancel={() => setConfirmingCancel(false)}
        >
          <p>The order will be cancelled. This cannot be undone.</p>
        </ConfirmDialog>
      </td>
    </tr>
  );
}
