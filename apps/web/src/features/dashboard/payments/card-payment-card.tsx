import type { CardPayment } from '@bazaar/shared/payments';
import { OrderTime } from '../../../components/order-time.tsx';
import { PaymentCard } from './payment-card.tsx';

/**
 * A card payment Stripe confirmed: paid, or flagged because its amount or currency was not what was asked (not
 * counted as paid: the admin checks it in Stripe's dashboard and settles it with the buyer).
 */
export function CardPaymentCard({ payment }: { payment: CardPayment }) {
  return (
    <PaymentCard
      orderNumber={payment.orderNumber}
      amount={payment.amount}
      status={payment.flagged ? 'unpaid' : 'paid'}
      statusLabel={payment.flagged ? 'Flagged: not counted as paid' : 'Paid by card'}
      details={[
        ['Method', 'Card'],
        ['Confirmed', <OrderTime iso={payment.at} />],
        ['Stripe', <span className="break-all">{payment.reference}</span>],
      ]}
    />
  );
}
