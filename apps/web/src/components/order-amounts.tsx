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

/** What was cancelled of an order, in cents: its total as ordered less what is due now. */
const cancelledCents = (order: Pick<Order, 'totalPrice' | 'due'>) =>
  dollarsToCents(order.totalPrice) - dollarsToCents(order.due);

/**
 * An order's total as ordered (with the shipping it includes) and, once some of it is cancelled, what was cancelled
 * and what the order comes to now (the server's `due`: what is still to pay is the payment's own `due`); `label` names the total ("Total" on a card, nothing in a table's Price
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
  const cancelled = cancelledCents(order);
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
      <span className="font-semibold whitespace-nowrap text-gray-900">
        Total now {formatWireDollars(due)}
      </span>
    </>
  );
}

/** A part's or an order's shipping: "Free" for none. */
export const shippingText = (dollars: number) => (dollars === 0 ? 'Free' : formatWireDollars(dollars));

function TotalsRow({ term, amount, strong = false }: { term: string; amount: string; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 py-1.5 ${strong ? 'font-bold' : ''}`}>
      <dt className={strong ? 'text-gray-900' : 'text-gray-600'}>{term}</dt>
      <dd className="tabular-nums">{amount}</dd>
    </div>
  );
}

/**
 * An order's (or a seller's part's) amounts as a receipt lists them: the goods, the shipping, the total the buyer
 * was asked to pay and, once some of it is cancelled, what was cancelled and what is due now.
 */
export function OrderTotals({
  order,
}: {
  order: Pick<Order, 'subtotal' | 'shipping' | 'totalPrice' | 'due'>;
}) {
  const cancelled = cancelledCents(order);
  return (
    <dl className="divide-y divide-gray-100 text-sm">
      <TotalsRow term="Subtotal" amount={formatWireDollars(order.subtotal)} />
      <TotalsRow term="Shipping" amount={shippingText(order.shipping)} />
      <TotalsRow term="Total" amount={formatWireDollars(order.totalPrice)} strong={cancelled === 0} />
      {cancelled > 0 && (
        <>
          <TotalsRow term="Cancelled" amount={`−${formatDollars(cancelled)}`} />
          <TotalsRow term="Total now" amount={formatWireDollars(order.due)} strong />
        </>
      )}
    </dl>
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
