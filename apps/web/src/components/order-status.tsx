import type { OrderStatus } from '@bazaar/shared/orders-constants';

const STATUS_STYLES: Record<OrderStatus, string> = {
  processing: 'bg-amber-100 text-amber-900',
  shipped: 'bg-sky-100 text-sky-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-gray-200 text-gray-800',
};

/** The steps a part of an order goes through, as the progress bar counts them. */
const STEPS: readonly OrderStatus[] = ['processing', 'shipped', 'delivered'];

/** An order's (or an order line's) status as a coloured pill; the text stays the wire's word, shown capitalised. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap capitalize ${STATUS_STYLES[status]}`}
    >
      {status}
    </span>
  );
}

/** How far a part of an order has come: three steps to delivered, or a grey bar once cancelled. */
export function FulfilmentProgress({ status, label }: { status: OrderStatus; label: string }) {
  const step = STEPS.indexOf(status) + 1;
  const filled = (index: number) => {
    if (status === 'cancelled') return 'bg-gray-300';
    return index < step ? 'bg-teal-600' : 'bg-gray-200';
  };
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={STEPS.length}
      aria-valuenow={step}
      aria-valuetext={status}
      className="flex w-24 gap-1"
    >
      {STEPS.map((name, index) => (
        <span key={name} className={`h-1.5 flex-1 rounded-full ${filled(index)}`} />
      ))}
    </div>
  );
}
