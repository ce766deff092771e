import type { Canceller, Order, OrderLine } from '@bazaar/shared/orders';
import { dollarsToCents, formatDollars, formatWireDollars } from '@bazaar/shared/pricing';

/** The shipping a total includes, when there is any. */
export function ShippingIncluded({ shipping }: { shipping: number }) {
  if (shipping === 0) return null;
  return (
    <span className="text-xs font-normal whitespace-nowrap text-gray-600">
      incl. {formatWireDollars(shipping)} shipping
    </span>
  );
}

/**
 * An order's total as ordered (with the shipping it includes) and, once some of it is cancelled, what was cancelled
 * and what is due now (the server's `due`); `label` names the total ("Total" on a card, nothing in a table's Price
 * column).
 */
export function OrderAmounts({
  order,
  label,
}: {
  order: Pick<Order, 'totalPrice' | 'due' | 'shipping'>;
  label?: string;
}) {
  const total = label
    ? `${label} ${formatWireDollars(order.totalPrice)}`
    : formatWireDollars(order.totalPrice);
  const cancelled = dollarsToCents(order.totalPrice) - dollarsToCents(order.due);
  return (
    <span className="flex flex-col">
      <span>{total}</span>
      <ShippingIncluded shipping={order.shipping} />
      {cancelled > 0 && <Cancelled cancelledCents={cancelled} due={order.due} />}
    </span>
  );
}

function Cancelled({ cancelledCents, due }: { cancelledCents: number; due: number }) {
  return (
    <>
      <span className="text-sm font-normal whitespace-nowrap text-gray-600">
        Cancelled −{formatDollars(cancelledCents)}
      </span>
      <span className="font-semibold whitespace-nowrap text-gray-900">Due {formatWireDollars(due)}</span>
    </>
  );
}

const whoCancelled = (by: Exclude<Canceller, 'buyer'>, line: OrderLine) =>
  by === 'admin' ? 'Bazaar' : (line.seller?.name ?? 'The seller');

/**
 * Who cancelled which lines and why, one note per cancellation (lines cancelled together share it). The buyer's own
 * cancellations need no note: the status says it.
 */
export function CancellationNotes({ lines }: { lines: OrderLine[] }) {
  const notes = new Map<string, string[]>();
  for (const line of lines) {
    if (!line.cancellation || line.cancellation.by === 'buyer') continue;
    const { by, reason } = line.cancellation;
    const note = `Cancelled by ${whoCancelled(by, line)}${reason ? `: “${reason}”` : ''}`;
    notes.set(note, [...(notes.get(note) ?? []), line.name]);
  }
  if (notes.size === 0) return null;
  return (
    <ul aria-label="Cancellations" className="mt-2 flex flex-col gap-1 text-sm text-gray-700">
      {[...notes].map(([note, names]) => (
        <li key={note}>
          {note} <span className="text-gray-500">({names.join(', ')})</span>
        </li>
      ))}
    </ul>
  );
}
