import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { CANCEL_REASON_MAX, type OrderStatus } from '@bazaar/shared/orders-constants';
import type { Sale } from '@bazaar/shared/orders';
import { movesOf } from '@bazaar/shared/order-status';
import { formatWireDollars } from '@bazaar/shared/pricing';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CancellationNotes, OrderAmounts } from '../../../components/order-amounts.tsx';
import { OrderStatusBadge } from '../../../components/order-status.tsx';
import { ProductLineImage } from '../../../components/product-line.tsx';
import { failureMessage } from '../../../lib/field-errors.ts';
import { useMoveSale } from './api/move-sale.ts';

const MOVES: { to: OrderStatus; label: string; done: string }[] = [
  { to: 'shipped', label: 'Mark shipped', done: 'Marked shipped' },
  { to: 'delivered', label: 'Mark delivered', done: 'Marked delivered' },
  { to: 'cancelled', label: 'Cancel', done: 'Cancelled' },
];

const orderDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** The server sends the delivery contact only while the viewer has lines of the order to ship or deliver. */
const NO_CONTACT = 'Not shown, nothing of yours left to ship or deliver';

/**
 * One sale on the Sales page: when, who to ship to, the viewer's lines (an admin's: all) with their statuses, and
 * the moves the server would allow (it checks them again). Cancelling asks first.
 */
export function SaleCard({ sale, isAdmin }: { sale: Sale; isAdmin: boolean }) {
  const moveSale = useMoveSale(sale._id);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const reasonId = useId();
  const allowed = movesOf(
    [isAdmin ? 'admin' : 'seller'],
    sale.products.map((line) => line.status),
  );
  const moves = MOVES.filter((move) => allowed.includes(move.to));
  const buyer = sale.buyer?.name ?? 'A closed account';
  const headingId = `sale-${sale._id}`;

  function move(to: OrderStatus, done: string) {
    moveSale.mutate(
      { status: to, reason: to === 'cancelled' ? reason.trim() || undefined : undefined },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => toast.error(failureMessage(error)),
        onSettled: () => setConfirmingCancel(false),
      },
    );
  }

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
            <span className="font-medium text-gray-800 tabular-nums">{sale.number}</span> ·{' '}
            <time dateTime={sale.orderTime}>{orderDate.format(new Date(sale.orderTime))}</time>
          </p>
        </div>
        <OrderStatusBadge status={sale.status} />
        <p className="ml-auto text-right font-semibold text-gray-900">
          <OrderAmounts order={sale} label="Total" />
        </p>
      </header>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {sale.address === null ? (
          <>
            <dt className="font-medium text-gray-600">Ship to</dt>
            <dd className="text-gray-600">{NO_CONTACT}</dd>
          </>
        ) : (
          <>
            <dt className="font-medium text-gray-600">Ship to</dt>
            <dd className="break-words whitespace-pre-line text-gray-900">
              {sale.name && `${sale.name}\n`}
              {sale.address}
            </dd>
            <dt className="font-medium text-gray-600">Phone</dt>
            <dd className="text-gray-900">{sale.phone}</dd>
          </>
        )}
        <dt className="font-medium text-gray-600">Payment</dt>
        <dd className="text-gray-900 capitalize">{sale.paymentMethod}</dd>
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
      {moves.length > 0 && (
        <div className="flex flex-wrap justify-end gap-2">
          {moves.map(({ to, label, done }) => (
            <Button
              key={to}
              size="sm"
              variant={to === 'cancelled' ? 'danger-outline' : 'primary'}
              disabled={moveSale.isPending}
              onClick={() => (to === 'cancelled' ? setConfirmingCancel(true) : move(to, done))}
            >
              {label}
            </Button>
          ))}
        </div>
      )}
      <ConfirmDialog
        open={confirmingCancel}
        title={`Cancel the order of ${buyer}?`}
        confirmLabel="Cancel items"
        dismissLabel="Keep"
        pendingLabel="Cancelling…"
        pending={moveSale.isPending}
        onConfirm={() => {
          // A seller says why: the buyer is told. An admin may.
          if (!isAdmin && reason.trim() === '') return setReasonMissing(true);
          move('cancelled', 'Cancelled');
        }}
        onCancel={() => setConfirmingCancel(false)}
      >
        <p>
          {isAdmin
            ? 'Every item of this order not delivered yet will be cancelled, and its units go back into stock.'
            : 'Your items of this order not shipped yet will be cancelled, and their units go back into stock.'}{' '}
          This cannot be undone.
        </p>
        <label htmlFor={reasonId} className="mt-4 block text-sm font-medium text-gray-900">
          {isAdmin ? 'Reason (optional)' : 'Reason'}
        </label>
        <textarea
          id={reasonId}
          value={reason}
          maxLength={CANCEL_REASON_MAX}
          rows={3}
          aria-invalid={reasonMissing}
          aria-describedby={reasonMissing ? `${reasonId}-error` : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonMissing(false);
          }}
          className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 text-sm text-gray-900 outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30"
        />
        <p className="mt-1 text-xs text-gray-600">The buyer is told why.</p>
        {reasonMissing && (
          <p id={`${reasonId}-error`} role="alert" className="mt-1 text-sm text-red-700">
            Say why you cancel: the buyer is told.
          </p>
        )}
      </ConfirmDialog>
    </article>
  );
}
