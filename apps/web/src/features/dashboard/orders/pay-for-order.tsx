import { useEffect, useId, useRef, useState } from 'react';
import type { Order } from '@bazaar/shared/orders';
import { PAYMENT_METHOD_NAMES } from '@bazaar/shared/orders-constants';
import { isWalletMethod, receivingNumber, type WalletMethod } from '@bazaar/shared/payments';
import { formatWireDollars } from '@bazaar/shared/pricing';
import { usePaymentOptions } from '../../auth/public.ts';
import { PayByCard } from './pay-by-card.tsx';
import { PaySection } from './pay-section.tsx';
import { PaymentClaimForm } from './payment-claim-form.tsx';
import { walletStep } from './payment-steps.ts';

const noteClass = 'rounded-xl px-4 py-3 text-sm print:hidden';

/** How to send the money: the exact amount, the shop's number and the steps, as the order's mail gives them. */
function SendingSteps({ id, method, amount }: { id: string; method: WalletMethod; amount: number }) {
  const options = usePaymentOptions();
  const wallet = PAYMENT_METHOD_NAMES[method];
  const number = options.data && receivingNumber(options.data, method);
  const sum = formatWireDollars(amount);
  if (options.isPending) return <p className="text-sm text-gray-600">Loading where to send it…</p>;
  if (!number) {
    return (
      <p id={id} className="text-sm text-amber-900">
        The shop takes no {wallet} payments at the moment: please contact us before you send {sum}.
      </p>
    );
  }
  return (
    <div id={id} className="flex flex-col gap-2 text-sm text-gray-800">
      <p className="text-base">
        Send <strong className="text-gray-900 tabular-nums">{sum}</strong> by {wallet} to{' '}
        <strong className="whitespace-nowrap text-gray-900 tabular-nums">{number}</strong>
      </p>
      <ol className="list-decimal space-y-1 pl-5">
        <li>
          In your {wallet} app, choose Send Money and enter {number}.
        </li>
        <li>Send exactly {sum} and keep the transaction ID you are given.</li>
        <li>Give your {wallet} number and the transaction ID here.</li>
      </ol>
      <p className="text-gray-600">
        We ship once the payment is verified; an order not paid in time is cancelled.
      </p>
    </div>
  );
}

const triesText = (tries: number) => (tries === 1 ? '1 try left' : `${tries} tries left`);

/**
 * What the buyer of a bKash or Rocket order does next, at the top of its page: send the money and give its
 * transaction ID (again, after a rejection), or wait while it is verified; a card order is paid on Stripe. Nothing for
 * cash on delivery or once nothing is left to send; never on the receipt.
 */
export function PayForOrder({ order }: { order: Order }) {
  return order.payment.method === 'card' ? <PayByCard order={order} /> : <PayByWallet order={order} />;
}

function PayByWallet({ order }: { order: Order }) {
  const { payment } = order;
  const step = walletStep(payment);
  const stepsId = useId();
  const rejectionId = useId();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const [claimed, setClaimed] = useState(false);

  // After the buyer's claim, the focus goes to what the page now says of it (the form it was in is gone).
  useEffect(() => {
    if (claimed && step?.kind === 'verifying') noticeRef.current?.focus();
  }, [claimed, step?.kind]);

  if (!step || !isWalletMethod(payment.method)) return null;
  const wallet = PAYMENT_METHOD_NAMES[payment.method];
  switch (step.kind) {
    case 'settled':
      return null;
    case 'refused':
      return (
        <p className={`${noteClass} bg-rose-50 text-rose-800`}>
          Your payment was rejected too many times: please contact us about it.
        </p>
      );
    case 'verifying':
      return (
        <p ref={noticeRef} tabIndex={-1} className={`${noteClass} bg-sky-50 text-sky-900 focus:outline-none`}>
          We are verifying your payment of {formatWireDollars(step.claim.amount)} (transaction ID{' '}
          {step.claim.reference}).{' '}
          {step.late
            ? 'Once verified, it is refunded.'
            : 'We ship once it is verified, and e-mail you either way.'}
        </p>
      );
    case 'pay':
      return (
        <PaySection title={step.late ? 'Sent the money already?' : `Pay by ${wallet}`}>
          {step.rejection && (
            <p id={rejectionId} className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
              Your payment was not verified: “{step.rejection.reason}”. Check the details and send them again
              ({triesText(step.rejection.triesLeft)}).
            </p>
          )}
          <div className="grid gap-5 md:grid-cols-2">
            {step.late ? (
              <p id={stepsId} className="text-sm text-gray-800">
                If you sent {formatWireDollars(step.amount)} by {wallet} before the order was cancelled, give
                its transaction ID: once verified, it is refunded.
              </p>
            ) : (
              <SendingSteps id={stepsId} method={payment.method} amount={step.amount} />
            )}
            <PaymentClaimForm
              orderId={order._id}
              method={payment.method}
              amount={step.amount}
              describedBy={[step.rejection && rejectionId, stepsId].filter(Boolean).join(' ')}
              onClaimed={() => setClaimed(true)}
            />
          </div>
        </PaySection>
      );
  }
}
