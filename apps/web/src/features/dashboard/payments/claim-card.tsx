import { useState } from 'react';
import { PAYMENT_METHOD_NAMES } from '@bazaar/shared/orders-constants';
import { PaymentRejectSchema, REJECT_REASON_MAX, type PaymentClaim } from '@bazaar/shared/payments';
import { formatWireDollars } from '@bazaar/shared/pricing';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { OrderTime } from '../../../components/order-time.tsx';
import { AskTextDialog } from './ask-text-dialog.tsx';
import { useDecideClaim, type ClaimDecision } from './api/decide-claim.ts';
import { PaymentCard, type Detail } from './payment-card.tsx';
import { toastOutcome } from './toast-outcome.ts';

/** What a claim's status means for its order's payment, in the badge's colour and words. */
const CLAIM_BADGES = {
  pending: { status: 'awaiting_verification', label: 'To verify' },
  accepted: { status: 'paid', label: 'Accepted' },
  rejected: { status: 'unpaid', label: 'Rejected' },
} as const;

/**
 * A buyer's word that they sent a bKash or Rocket payment: the number it came from, its transaction ID and amount,
 * to find in the shop's account. Waiting, it is accepted (asked first: a decision is never undone) or rejected with
 * the reason the buyer is told; decided, it says how and when.
 */
export function ClaimCard({ claim }: { claim: PaymentClaim }) {
  const decide = useDecideClaim(claim._id);
  const [asking, setAsking] = useState<ClaimDecision['to']>();
  const method = PAYMENT_METHOD_NAMES[claim.method];
  const amount = formatWireDollars(claim.amount);

  const send = (decision: ClaimDecision, done: string) =>
    toastOutcome(decide.mutateAsync(decision), done, () => setAsking(undefined));

  const badge = CLAIM_BADGES[claim.status];
  const details: Detail[] = [
    ['Method', method],
    ['Sent from', <span className="tabular-nums">{claim.sender}</span>],
    ['Transaction ID', <span className="font-mono break-all">{claim.transactionId}</span>],
    ['Claimed', <OrderTime iso={claim.createdAt} />],
  ];
  if (claim.decidedAt) details.push([badge.label, <OrderTime iso={claim.decidedAt} />]);
  if (claim.reason) details.push(['Reason', claim.reason]);
  return (
    <PaymentCard
      orderNumber={claim.orderNumber}
      amount={claim.amount}
      status={badge.status}
      statusLabel={badge.label}
      details={details}
    >
      {claim.status === 'pending' && (
        <>
          <Button size="sm" disabled={decide.isPending} onClick={() => setAsking('accept')}>
            Accept
          </Button>
          <Button
            size="sm"
            variant="danger-outline"
            disabled={decide.isPending}
            onClick={() => setAsking('reject')}
          >
            Reject
          </Button>
        </>
      )}
      <ConfirmDialog
        open={asking === 'accept'}
        title={`Accept ${amount} for ${claim.orderNumber}?`}
        confirmLabel="Accept payment"
        confirmVariant="primary"
        dismissLabel="Not yet"
        pendingLabel="Accepting…"
        pending={decide.isPending}
        onConfirm={() => send({ to: 'accept' }, 'Payment accepted')}
        onCancel={() => setAsking(undefined)}
      >
        <p>
          Only once the shop’s {method} account shows {amount} from {claim.sender} with transaction ID{' '}
          <span className="font-mono break-all">{claim.transactionId}</span>. The order is then paid, its
          sellers may ship it, and its buyer is told. This cannot be undone.
        </p>
      </ConfirmDialog>
      {asking === 'reject' && (
        <AskTextDialog
          title={`Reject the payment for ${claim.orderNumber}?`}
          field="reason"
          label="Reason"
          hint="The buyer is told, and may send the details again."
          multiline
          schema={PaymentRejectSchema}
          maxLength={REJECT_REASON_MAX}
          confirmLabel="Reject payment"
          dismissLabel="Keep"
          pendingLabel="Rejecting…"
          pending={decide.isPending}
          onConfirm={(body) => send({ to: 'reject', ...body }, 'Payment rejected')}
          onCancel={() => setAsking(undefined)}
        >
          <p>
            Say what did not match: no {method} payment of {amount} with this transaction ID arrived, or it
            came from another number.
          </p>
        </AskTextDialog>
      )}
    </PaymentCard>
  );
}
