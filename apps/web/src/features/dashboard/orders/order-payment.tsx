import { useId, type ReactNode } from 'react';
import { PAYMENT_METHOD_NAMES } from '@bazaar/shared/orders-constants';
import type { Payment, SalePayment } from '@bazaar/shared/payments';
import { formatWireDollars } from '@bazaar/shared/pricing';
import { OrderTime } from '../../../components/order-time.tsx';
import { PaymentStatusBadge } from '../../../components/payment-status.tsx';
import { eventText } from './payment-steps.ts';

const noteClass = 'rounded-lg px-3 py-2 text-sm';

/** A payment's method and status, then `amounts` in dollars: the last, what is due, stands out. */
function Figures({
  payment,
  amounts,
}: {
  payment: Pick<SalePayment, 'method' | 'status'>;
  amounts: [term: string, dollars: number][];
}) {
  const rows: [string, ReactNode][] = [
    ['Method', PAYMENT_METHOD_NAMES[payment.method]],
    ['Status', <PaymentStatusBadge key="status" status={payment.status} />],
    ...amounts.map(([term, dollars], index): [string, ReactNode] => [
      term,
      index === amounts.length - 1 ? (
        <strong>{formatWireDollars(dollars)}</strong>
      ) : (
        formatWireDollars(dollars)
      ),
    ]),
  ];
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-gray-600">{term}</dt>
          <dd className="text-gray-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function CashNote({ children }: { children: ReactNode }) {
  return <p className="text-sm text-gray-700">{children}</p>;
}

/** What happened to the order's money, oldest first, each with its time. */
function PaymentHistory({ payment }: { payment: Payment }) {
  const id = useId();
  if (payment.events.length === 0) return null;
  return (
    <div className="border-t border-gray-100 pt-3">
      <h3 id={id} className="mb-1 text-sm font-semibold text-gray-900">
        History
      </h3>
      <ol aria-labelledby={id} className="flex flex-col gap-2 text-sm">
        {payment.events.map((event) => (
          <li key={event._id} className="flex flex-col">
            <span className="text-xs text-gray-500">
              <OrderTime iso={event.at} />
            </span>
            <span className="break-words text-gray-900">{eventText(event, payment.method)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * The payment of a whole order, as its buyer (or an admin) and its receipt show it: its method, status and amounts,
 * that the courier takes the cash or that it ended unpaid, and its history. How to pay it is `PayForOrder`'s.
 */
export function OrderPayment({ payment }: { payment: Payment }) {
  const expired = payment.events.findLast((event) => event.kind === 'expired');
  return (
    <div className="flex flex-col gap-3">
      <Figures
        payment={payment}
        amounts={[
          ['Paid', payment.paid],
          ['Refunded', payment.refunded],
          ['Due', payment.due],
        ]}
      />
      {payment.method === 'cash on delivery' && (
        <CashNote>Paid in cash to the courier when each seller’s part is delivered.</CashNote>
      )}
      {expired && (
        <p className={`${noteClass} bg-gray-100 text-gray-800`}>
          This order was cancelled unpaid on <OrderTime iso={expired.at} />: its payment did not arrive in
          time.
        </p>
      )}
      <PaymentHistory payment={payment} />
    </div>
  );
}

/** A seller's part of an order: whether it is paid, not what the buyer sent or from where. */
export function SalePaymentSummary({ payment }: { payment: SalePayment }) {
  return (
    <div className="flex flex-col gap-3">
      <Figures payment={payment} amounts={[['Due', payment.due]]} />
      {payment.method === 'cash on delivery' && (
        <CashNote>The buyer pays your courier in cash when your part is delivered.</CashNote>
      )}
    </div>
  );
}
