import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import {
  CANCEL_REASON_MAX,
  SELLER_CANCEL_REASON_REQUIRED,
  type OrderStatus,
} from '@bazaar/shared/orders-constants';
import type { Sale } from '@bazaar/shared/orders';
import { movesOf } from '@bazaar/shared/order-status';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { failureMessage } from '../../../lib/field-errors.ts';
import { useMoveSale } from './api/move-sale.ts';
import { awaitingPaymentReason, awaitsPayment } from './sale-payment.tsx';
import { useCorrectTracking, useTakeBackShipment } from './api/shipment.ts';
import { TrackingFields, useTrackingFields, type TrackingValues } from './tracking-fields.tsx';

const MOVES: { to: OrderStatus; label: string; done: string }[] = [
  { to: 'shipped', label: 'Mark shipped', done: 'Marked shipped' },
  { to: 'delivered', label: 'Mark delivered', done: 'Marked delivered' },
  { to: 'cancelled', label: 'Cancel', done: 'Cancelled' },
];

/**
 * The moves the server would allow a seller on their lines of a sale (an admin's: every line; it checks them
 * again), on the sale's card and on its page. Cancelling asks first, and a seller says why: the buyer is told.
 * A bKash or Rocket sale not paid yet keeps Mark shipped disabled, saying why beside it.
 */
export function SaleMoves({ sale, isAdmin, buyer }: { sale: Sale; isAdmin: boolean; buyer: string }) {
  const moveSale = useMoveSale(sale._id);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [shipping, setShipping] = useState(false);
  const tracking = useTrackingFields();
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const reasonId = useId();
  const waitingId = useId();
  const allowed = movesOf(
    [isAdmin ? 'admin' : 'seller'],
    sale.products.map((line) => line.status),
  );
  const moves = MOVES.filter((move) => allowed.includes(move.to));
  const shipWaits = allowed.includes('shipped') && awaitsPayment(sale.payment);

  function move(to: OrderStatus, done: string) {
    const shipment = to === 'shipped' ? tracking.check() : undefined;
    if (to === 'shipped' && !shipment) return;
    moveSale.mutate(
      { status: to, reason: to === 'cancelled' ? reason.trim() || undefined : undefined, ...shipment },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => toast.error(failureMessage(error)),
        onSettled: () => {
          setConfirmingCancel(false);
          setShipping(false);
        },
      },
    );
  }

  if (moves.length === 0) {
    return (
      <div className="flex flex-wrap justify-end gap-2 print:hidden">
        <SaleShipment sale={sale} />
      </div>
    );
  }
  return (
    <div className="flex flex-wrap justify-end gap-2 print:hidden">
      {moves.map(({ to, label, done }) => (
        <Button
          key={to}
          size="sm"
          variant={to === 'cancelled' ? 'danger-outline' : 'primary'}
          disabled={moveSale.isPending || (to === 'shipped' && shipWaits)}
          aria-describedby={to === 'shipped' && shipWaits ? waitingId : undefined}
          onClick={() =>
            to === 'cancelled'
              ? setConfirmingCancel(true)
              : to === 'shipped'
                ? setShipping(true)
                : move(to, done)
          }
        >
          {label}
        </Button>
      ))}
      <SaleShipment sale={sale} />
      {shipWaits && (
        <p id={waitingId} className="basis-full text-right text-sm text-gray-700">
          {awaitingPaymentReason(sale.payment)}
        </p>
      )}
      <ConfirmDialog
        open={shipping}
        title={`Ship the order of ${buyer}`}
        confirmLabel="Mark shipped"
        confirmVariant="primary"
        dismissLabel="Not yet"
        pendingLabel="Marking shipped…"
        pending={moveSale.isPending}
        onConfirm={() => move('shipped', 'Marked shipped')}
        onCancel={() => setShipping(false)}
      >
        <p>How does it travel? The buyer sees it on their order and in the mail that it shipped.</p>
        <TrackingFields tracking={tracking} />
      </ConfirmDialog>
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
            {SELLER_CANCEL_REASON_REQUIRED}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

const timeOfDay = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The viewer's shipped lines' tracking as the correction dialog starts from it. */
function trackingOf(sale: Sale): TrackingValues {
  const shipped = sale.products.find((line) => line.status === 'shipped');
  return {
    carrier: shipped?.carrier ?? '',
    trackingNumber: shipped?.trackingNumber ?? '',
    trackingUrl: shipped?.trackingUrl ?? '',
  };
}

/**
 * After shipping: Take back (while the buyer has not been told, until `takeBackUntil`) and Correct tracking (while
 * a line is shipped).
 */
function SaleShipment({ sale }: { sale: Sale }) {
  const takeBack = useTakeBackShipment(sale._id);
  const correct = useCorrectTracking(sale._id);
  const [correcting, setCorrecting] = useState(false);
  const tracking = useTrackingFields(trackingOf(sale));
  const noteId = useId();
  const shipped = sale.products.some((line) => line.status === 'shipped');
  if (!shipped) return null;
  const until = sale.takeBackUntil;

  function save() {
    const corrected = tracking.check();
    if (!corrected) return;
    correct.mutate(corrected, {
      onSuccess: () => toast.success('Tracking corrected'),
      onError: (error) => toast.error(failureMessage(error)),
      onSettled: () => setCorrecting(false),
    });
  }

  return (
    <>
      {until !== null && (
        <Button
          size="sm"
          variant="secondary"
          disabled={takeBack.isPending}
          aria-describedby={noteId}
          onClick={() =>
            takeBack.mutate(undefined, {
              onSuccess: () => toast.success('Shipment taken back'),
              onError: (error) => toast.error(failureMessage(error)),
            })
          }
        >
          Take back shipment
        </Button>
      )}
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          tracking.setValues(trackingOf(sale));
          setCorrecting(true);
        }}
      >
        Correct tracking
      </Button>
      {until !== null && (
        <p id={noteId} className="basis-full text-right text-sm text-gray-700">
          Marked shipped by mistake? The buyer is told at {timeOfDay(until)}; until then you can take it back.
        </p>
      )}
      <ConfirmDialog
        open={correcting}
        title="Correct the tracking"
        confirmLabel="Save tracking"
        confirmVariant="primary"
        dismissLabel="Keep as it is"
        pendingLabel="Saving…"
        pending={correct.isPending}
        onConfirm={save}
        onCancel={() => setCorrecting(false)}
      >
        <p>The buyer sees the new tracking on their order, and is mailed it.</p>
        <TrackingFields tracking={tracking} />
      </ConfirmDialog>
    </>
  );
}
