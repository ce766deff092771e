import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Order } from '@bazaar/shared/orders';
import { formatWireDollars } from '@bazaar/shared/pricing';
import { Button } from '../../../components/button.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { invalidate, queryKeys } from '../../../lib/query-keys.ts';
import { useCardReturn, usePayByCard } from './api/pay-by-card.ts';
import { PaySection } from './pay-section.tsx';

const noteClass = 'rounded-xl px-4 py-3 text-sm print:hidden';
/** How many times, two seconds apart, the page reads the order again while Stripe's confirmation is on its way. */
const CONFIRMATION_CHECKS = 10;

const refusal = (error: unknown) =>
  error instanceof ApiRequestError
    ? error.message
    : 'Stripe could not be reached: try again in a few minutes.';

/**
 * Stripe's page sends the buyer back with `?card=return&session_id=…`: the shop is asked to check that session, and
 * the order is read again a few times until its payment says paid. Only then does the page say it was received.
 */
function useReturnFromStripe(order: Order): { waiting: boolean; gaveUp: boolean } {
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('card') === 'return' ? params.get('session_id') : null;
  const back = useCardReturn(order._id);
  const queryClient = useQueryClient();
  const [checks, setChecks] = useState(0);
  const paid = order.payment.status === 'paid';

  useEffect(() => {
    if (sessionId && back.isIdle) back.mutate({ sessionId });
  }, [sessionId, back]);

  useEffect(() => {
    if (!sessionId || paid || back.isPending || checks >= CONFIRMATION_CHECKS) return undefined;
    const timer = setTimeout(() => {
      setChecks((done) => done + 1);
      void invalidate(queryClient, [queryKeys.orders.all]);
    }, 2000);
    return () => clearTimeout(timer);
  }, [sessionId, paid, back.isPending, checks, queryClient]);

  useEffect(() => {
    if (sessionId && paid) setParams({}, { replace: true });
  }, [sessionId, paid, setParams]);

  return { waiting: sessionId !== null && !paid, gaveUp: checks >= CONFIRMATION_CHECKS };
}

/**
 * A card order's next step for its buyer: pay what is due on Stripe's page, wait for Stripe's confirmation after
 * coming back, or read that the payment was received.
 */
export function PayByCard({ order }: { order: Order }) {
  const { payment } = order;
  const pay = usePayByCard(order._id);
  const { waiting, gaveUp } = useReturnFromStripe(order);
  const received = payment.events.findLast((event) => event.kind === 'card_paid');
  const flagged = payment.events.some((event) => event.kind === 'card_mismatch');

  if (flagged && payment.status === 'unpaid') {
    return (
      <p role="status" className={`${noteClass} bg-amber-50 text-amber-900`}>
        Stripe charged your card another amount than was due: we are looking into it and will contact you.
        Please do not pay again.
      </p>
    );
  }
  if (waiting) {
    return (
      <p role="status" className={`${noteClass} bg-sky-50 text-sky-900`}>
        {gaveUp
          ? 'Stripe has not confirmed your payment yet. We e-mail you once it does; you need not pay again.'
          : 'Waiting for Stripe to confirm your payment…'}
      </p>
    );
  }
  if (payment.status === 'paid' && received) {
    return (
      <p role="status" className={`${noteClass} bg-emerald-50 text-emerald-900`}>
        Payment received: {formatWireDollars(received.amount)} by card. We ship once each seller has your part
        ready.
      </p>
    );
  }
  if (payment.status !== 'unpaid' || payment.due === 0) return null;
  return (
    <PaySection title="Pay by card">
      <p className="text-sm text-gray-800">
        You pay <strong className="text-gray-900 tabular-nums">{formatWireDollars(payment.due)}</strong> on
        Stripe’s secure page, then come back here. We ship once the payment is received; an order not paid in
        time is cancelled.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={() => pay.mutate()}
          aria-disabled={pay.isPending || pay.isSuccess}
          disabled={pay.isPending || pay.isSuccess}
        >
          {pay.isPending || pay.isSuccess ? 'Opening Stripe…' : 'Pay by card'}
        </Button>
        {pay.isError && (
          <p role="alert" className="text-sm text-rose-800">
            {refusal(pay.error)}
          </p>
        )}
      </div>
    </PaySection>
  );
}
