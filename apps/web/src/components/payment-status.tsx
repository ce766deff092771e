import type { PaymentStatus } from '@bazaar/shared/payments';

const STATUS_STYLES: Record<PaymentStatus, string> = {
  unpaid: 'bg-amber-100 text-amber-900',
  awaiting_verification: 'bg-sky-100 text-sky-900',
  paid: 'bg-emerald-100 text-emerald-900',
  refund_due: 'bg-rose-100 text-rose-900',
  refunded: 'bg-gray-200 text-gray-800',
};

export const PAYMENT_STATUS_NAMES: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  awaiting_verification: 'Awaiting verification',
  paid: 'Paid',
  refund_due: 'Refund due',
  refunded: 'Refunded',
};

/** An order's payment status as a coloured pill, in words (the wire's are snake case). */
export function PaymentStatusBadge({ status, label }: { status: PaymentStatus; label?: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_STYLES[status]}`}
    >
      {label ?? PAYMENT_STATUS_NAMES[status]}
    </span>
  );
}
