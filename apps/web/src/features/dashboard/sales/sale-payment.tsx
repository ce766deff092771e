import { PAYMENT_METHOD_NAMES } from '@bazaar/shared/orders-constants';
import type { SalePayment } from '@bazaar/shared/payments';
import { PaymentStatusBadge } from '../../../components/payment-status.tsx';

/**
 * A bKash or Rocket sale with money still to come: it may not ship (the server answers 409 NOT_PAID). A cash part is
 * paid as it is delivered, a cancelled part has nothing due, and an order placed before payments were recorded ships
 * as it was placed to.
 */
export const awaitsPayment = (payment: SalePayment) => payment.shipsOncePaid && payment.due > 0;

/** Why Mark shipped waits, beside it. */
export function awaitingPaymentReason(payment: SalePayment): string {
  return payment.status === 'awaiting_verification'
    ? 'Ship once the payment is verified: the buyer says they paid, and the shop is checking it.'
    : 'Ship once the payment is verified: the buyer has not paid yet.';
}

/** How a sale is paid, as its seller needs it: the method, and whether the money is in. */
export function SalePaymentStatus({ payment }: { payment: SalePayment }) {
  const cashToCollect = payment.method === 'cash on delivery' && payment.due > 0;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      {PAYMENT_METHOD_NAMES[payment.method]}
      {awaitsPayment(payment) ? (
        <PaymentStatusBadge status={payment.status} label="Awaiting payment" />
      ) : cashToCollect ? (
        <span className="text-gray-600">· collected at delivery</span>
      ) : (
        payment.status !== 'unpaid' && <PaymentStatusBadge status={payment.status} />
      )}
    </span>
  );
}
