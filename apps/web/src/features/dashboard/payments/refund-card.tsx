import { useState } from 'react';
import { PAYMENT_METHOD_NAMES } from '@bazaar/shared/orders-constants';
import { REFUND_REFERENCE_MAX, RefundDoneSchema, type Refund } from '@bazaar/shared/payments';
import { formatWireDollars } from '@bazaar/shared/pricing';
import { Button } from '../../../components/button.tsx';
import { OrderTime } from '../../../components/order-time.tsx';
import { AskTextDialog } from './ask-text-dialog.tsx';
import { useRecordRefund } from './api/record-refund.ts';
import { PaymentCard, type Detail } from './payment-card.tsx';
import { toastOutcome } from './toast-outcome.ts';

/**
 * Money the shop owes a buyer back (a paid part cancelled, a late payment): due, it is recorded as sent with the
 * reference of the transfer, which the buyer is mailed; made, it shows that reference.
 */
export function RefundCard({ refund }: { refund: Refund }) {
  const record = useRecordRefund(refund._id);
  const [asking, setAsking] = useState(false);
  const amount = formatWireDollars(refund.amount);
  const method = PAYMENT_METHOD_NAMES[refund.method];

  const details: Detail[] = [
    ['Method', method],
    ['Owed since', <OrderTime iso={refund.createdAt} />],
  ];
  if (refund.madeAt) details.push(['Refunded', <OrderTime iso={refund.madeAt} />]);
  if (refund.reference) details.push(['Reference', <span className="break-all">{refund.reference}</span>]);
  if (refund.refusal && !refund.madeAt) details.push(['Stripe refused', refund.refusal]);
  return (
    <PaymentCard
      orderNumber={refund.orderNumber}
      amount={refund.amount}
      status={refund.madeAt ? 'refunded' : 'refund_due'}
      statusLabel={refund.madeAt ? 'Refunded' : 'Refund due'}
      details={details}
    >
      {!refund.madeAt && (
        <Button size="sm" disabled={record.isPending} onClick={() => setAsking(true)}>
          Mark refunded
        </Button>
      )}
      {asking && (
        <AskTextDialog
          title={`Record the refund of ${amount} for ${refund.orderNumber}`}
          field="reference"
          label="Reference"
          hint="The transaction ID of the money sent back. The buyer is mailed it."
          schema={RefundDoneSchema}
          maxLength={REFUND_REFERENCE_MAX}
          confirmLabel="Mark refunded"
          confirmVariant="primary"
          dismissLabel="Not yet"
          pendingLabel="Recording…"
          pending={record.isPending}
          onConfirm={(body) =>
            toastOutcome(record.mutateAsync(body), 'Refund recorded', () => setAsking(false))
          }
          onCancel={() => setAsking(false)}
        >
          <p>
            {refund.method === 'card'
              ? `Once ${amount} is back with the buyer: Stripe did not refund their card, so send it another way.`
              : `Once ${amount} is back with the buyer: sent to the number they paid from (on their accepted payment, under Recently decided).`}{' '}
            This cannot be undone.
          </p>
        </AskTextDialog>
      )}
    </PaymentCard>
  );
}
