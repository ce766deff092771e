import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Order, OrderStatus } from '@bazaar/shared/orders';
import { movesOf, type FulfilmentRole } from '@bazaar/shared/order-status';
import { Button, type ButtonSize } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { failureMessage } from '../../../lib/field-errors.ts';
import { useChangeOrderStatus } from './api/change-order-status.ts';

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

/** The viewer's roles in an order: its buyer, an admin, both or neither. */
export function rolesIn(order: Order, viewerEmail: string, isAdmin: boolean): FulfilmentRole[] {
  const roles: FulfilmentRole[] = [];
  if (order.userEmail === viewerEmail.toLowerCase()) roles.push('buyer');
  if (isAdmin) roles.push('admin');
  return roles;
}

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

/**
 * The buttons of the moves the viewer may make on a whole order (the buyer cancels what has not shipped; an admin
 * ships, delivers or cancels any line), on the orders table and on the order's page. Cancelling asks first.
 */
export function OrderMoves({
  order,
  roles,
  size = 'xs',
}: {
  order: Order;
  roles: FulfilmentRole[];
  size?: ButtonSize;
}) {
  const changeStatus = useChangeOrderStatus(order._id);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
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

  if (moves.length === 0) return null;
  return (
    <>
      {moves.map(shown).map((candidate) => (
        <Button
          key={candidate.to}
          variant={candidate.to === 'cancelled' ? 'danger-outline' : 'primary'}
          size={size}
          disabled={changeStatus.isPending}
          aria-label={`${candidate.label} ${candidate === CANCEL_REST ? 'of ' : ''}order ${order.number}`}
          onClick={() => (candidate.to === 'cancelled' ? setConfirmingCancel(true) : move(candidate))}
        >
          {candidate.label}
        </Button>
      ))}
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
    </>
  );
}
