import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PaymentStatus } from '@bazaar/shared/payments';
import { formatWireDollars } from '@bazaar/shared/pricing';
import { textLinkClass } from '../../../components/button.tsx';
import { PaymentStatusBadge } from '../../../components/payment-status.tsx';
import { orderPath } from '../orders/order-paths.ts';

/** A term of a card's details and its description. */
export type Detail = [string, ReactNode];

/**
 * One claim or refund on the Payments page, named by its order's number (a link to the order): what it does to the
 * order's payment, the amount, its details and the admin's actions.
 */
export function PaymentCard({
  orderNumber,
  amount,
  status,
  statusLabel,
  details,
  children,
}: {
  orderNumber: string;
  /** Dollars. */
  amount: number;
  status: PaymentStatus;
  statusLabel: string;
  /** Term and description, in reading order. */
  details: Detail[];
  /** The actions, if any are left. */
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={headingId} className="font-semibold">
          <Link to={orderPath(orderNumber)} className={`${textLinkClass} tabular-nums`}>
            {orderNumber}
          </Link>
        </h3>
        <PaymentStatusBadge status={status} label={statusLabel} />
        <p className="ml-auto text-lg font-semibold text-gray-900 tabular-nums">
          {formatWireDollars(amount)}
        </p>
      </header>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {details.map(([term, description]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-gray-600">{term}</dt>
            <dd className="break-words text-gray-900">{description}</dd>
          </div>
        ))}
      </dl>
      {children && <div className="flex flex-wrap justify-end gap-2">{children}</div>}
    </article>
  );
}
