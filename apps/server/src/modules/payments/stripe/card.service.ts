import type Stripe from 'stripe';
import { orderNumberText, PAYMENT_METHOD_NAMES } from '@bazaar/shared/orders';
import type { CardCheckout, Payment } from '@bazaar/shared/payments';
import { formatDollars } from '@bazaar/shared/pricing';
import { AppError, notFound } from '../../../errors/app-error.ts';
import type { Viewer } from '../../auth/auth.module.ts';
import { paymentMail } from '../../mail/mail.module.ts';
import type { EventRow, Executor, Ledger, OrderRow, PaymentsRepository } from '../payments.repository.ts';
import { stateOf, toPayment, type PaymentsService } from '../payments.service.ts';
import type { CardRepository } from './card.repository.ts';
import { idOf, stripeRefused } from './stripe-client.ts';

/** What the webhook did with an event, as `stripe_events.outcome` keeps it. */
type Outcome = 'applied' | 'skipped' | 'flagged';

export interface CardPaymentsOptions {
  stripe: Stripe;
  webhookSecret: string;
  repository: PaymentsRepository;
  cards: CardRepository;
  payments: Pick<PaymentsService, 'reconcile'>;
  shopUrl: string;
  log: { warn(details: object, message: string): void };
}

const CURRENCY = 'usd';
/** Stripe keeps an idempotency key 24 hours: a refund is asked again only within them, never twice. */
const REFUND_RETRY_HOURS = 23;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const conflict = (message: string) => new AppError('CONFLICT', message);

const unreachable = () =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    'Card payments cannot be reached just now: try again in a few minutes.',
    undefined,
    {
      'retry-after': '60',
    },
  );

/** The shop's order an object of Stripe's names in its metadata (set when the shop created it). */
const orderIdIn = (metadata: Stripe.Metadata | null | undefined): string | undefined => {
  const id = metadata?.orderId;
  return id !== undefined && UUID.test(id) ? id.toLowerCase() : undefined;
};

/** The refunds due of an order that Stripe neither made nor refused (nor an admin recorded as made). */
const unsettledRefunds = (ledger: Ledger, since: Date): EventRow[] => {
  const settled = new Set(ledger.events.map((event) => event.refundOf));
  return ledger.events.filter(
    (event) => event.kind === 'refund_due' && !settled.has(event.id) && event.createdAt >= since,
  );
};

/**
 * Cards through Stripe's hosted Checkout: a session for what is due, its payment recorded once whether the webhook or
 * the buyer's return brings it first, and the refunds the shop comes to owe made through Stripe.
 */
export function createCardPayments(options: CardPaymentsOptions) {
  const { stripe, webhookSecret, repository, cards, payments, shopUrl, log } = options;
  const orderPage = (order: OrderRow) => `${shopUrl}/dashboard/orders/${orderNumberText(order.number)}`;

  async function buyersOrder(viewer: Viewer, orderId: string): Promise<OrderRow> {
    const order = await cards.findOrder(orderId);
    if (!order) throw notFound('Order');
    if (order.userEmail !== viewer.email.toLowerCase()) {
      throw new AppError('FORBIDDEN', "Only the order's buyer may pay for it.");
    }
    if (order.paymentMethod !== 'card') {
      throw conflict(`This order is paid by ${PAYMENT_METHOD_NAMES[order.paymentMethod]}, not by card.`);
    }
    return order;
  }

  /**
   * A completed session's payment, under its order's lock: recorded once per PaymentIntent, as paid when it is what was
   * asked, else (webhook only, `mayFlag`) kept as a mismatch for an admin. What it pays beyond the order's worth now (a
   * part cancelled, the order ended unpaid meanwhile) is owed back at once.
   */
  async function applySession(
    tx: Executor,
    order: OrderRow,
    ledger: Ledger,
    session: Stripe.Checkout.Session,
    mayFlag: boolean,
  ): Promise<Outcome> {
    const intent = idOf(session.payment_intent);
    if (order.paymentMethod !== 'card' || session.payment_status !== 'paid' || intent === null)
      return 'skipped';
    const seen = ledger.events.some(
      (event) =>
        (event.kind === 'card_paid' && event.reference === intent) ||
        (event.kind === 'card_mismatch' && event.reference?.startsWith(`${intent}:`)),
    );
    if (seen) return 'skipped';
    const asked = (await cards.findCheckout(tx, session.id))?.amountCents ?? stateOf(ledger).dueCents;
    const amount = session.amount_total ?? 0;
    if (session.currency !== CURRENCY || amount !== asked) {
      if (!mayFlag) return 'skipped';
      const charged = `${(amount / 100).toFixed(2)} ${(session.currency ?? '?').toUpperCase()}`;
      await repository.record(tx, [
        {
          orderId: order.id,
          kind: 'card_mismatch',
          amountCents: amount,
          by: 'buyer',
          reference: `${intent}: charged ${charged}, asked ${formatDollars(asked)}`,
        },
      ]);
      return 'flagged';
    }
    const paid = await repository.record(tx, [
      { orderId: order.id, kind: 'card_paid', amountCents: amount, by: 'buyer', reference: intent },
    ]);
    const refundCents = await payments.reconcile(tx, order, {
      ...ledger,
      events: [...ledger.events, ...paid],
    });
    await repository.queueMails(tx, [
      paymentMail(shopUrl, order, { kind: 'accepted', amountCents: amount, refundCents }),
    ]);
    return 'applied';
  }

  /** What Stripe says became of a refund the shop asked for, under the order's lock, once. */
  async function settleRefund(
    tx: Executor,
    order: OrderRow,
    due: EventRow,
    refund: { made: boolean; reference: string },
  ): Promise<Outcome> {
    const recorded = await repository.recordRefundOutcome(tx, {
      orderId: order.id,
      kind: refund.made ? 'refund_made' : 'refund_failed',
      amountCents: due.amountCents,
      by: 'shop',
      reference: refund.reference.slice(0, 500),
      refundOf: due.id,
    });
    if (recorded && refund.made) {
      await repository.queueMails(tx, [
        paymentMail(shopUrl, order, {
          kind: 'refund made',
          amountCents: due.amountCents,
          reference: refund.reference,
        }),
      ]);
    }
    return refund.made ? 'applied' : 'flagged';
  }

  function refundOutcome(refund: Stripe.Refund): { made: boolean; reference: string } | undefined {
    if (refund.status === 'succeeded') return { made: true, reference: refund.id };
    if (refund.status === 'failed' || refund.status === 'canceled') {
      return { made: false, reference: `Stripe: ${refund.failure_reason ?? refund.status} (${refund.id})` };
    }
    return undefined;
  }

  async function applyRefund(tx: Executor, order: OrderRow, ledger: Ledger, refund: Stripe.Refund) {
    const due = ledger.events.find(
      (event) => event.kind === 'refund_due' && event.id === refund.metadata?.refundDueId,
    );
    const outcome = refundOutcome(refund);
    return due && outcome ? settleRefund(tx, order, due, outcome) : 'skipped';
  }

  /** The order an event is about and its effect, for the events the shop uses. */
  function effectOf(event: Stripe.Event) {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        return {
          orderId: orderIdIn(session.metadata),
          apply: (tx: Executor, order: OrderRow, ledger: Ledger) =>
            applySession(tx, order, ledger, session, true),
        };
      }
      case 'refund.updated':
      case 'refund.failed': {
        const refund = event.data.object;
        return {
          orderId: orderIdIn(refund.metadata),
          apply: (tx: Executor, order: OrderRow, ledger: Ledger) => applyRefund(tx, order, ledger, refund),
        };
      }
      default:
        return undefined;
    }
  }

  /** Asks Stripe for one refund due (the key makes asking again safe) and records its answer once it has one. */
  async function askRefund(order: OrderRow, due: EventRow, paymentIntent: string): Promise<void> {
    let outcome: { made: boolean; reference: string } | undefined;
    try {
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: due.amountCents,
          metadata: { orderId: order.id, refundDueId: due.id },
        },
        { idempotencyKey: `refund-${due.id}` },
      );
      // Pending: Stripe's refund.updated event says how it ends.
      outcome = refundOutcome(refund);
    } catch (error) {
      if (!stripeRefused(error)) throw error;
      outcome = { made: false, reference: `Stripe refused: ${error.message}` };
    }
    if (outcome) {
      const settled = outcome;
      await repository.withLockedOrder(order.id, (tx, locked) => settleRefund(tx, locked, due, settled));
    }
  }

  /** Asks Stripe for the order's refunds due not yet settled. Waits for the order's lock: the move owing them commits first. */
  async function refundsOf(orderId: string): Promise<void> {
    const since = new Date(Date.now() - REFUND_RETRY_HOURS * 3_600_000);
    const wanted = await repository.withLockedOrder(orderId, async (_tx, order, ledger) => {
      const intent = ledger.events.findLast((event) => event.kind === 'card_paid')?.reference;
      return intent ? { order, intent, dues: unsettledRefunds(ledger, since) } : undefined;
    });
    if (!wanted) return;
    for (const due of wanted.dues) await askRefund(wanted.order, due, wanted.intent);
  }

  const inFlight = new Set<Promise<void>>();

  return {
    /** Opens a Checkout Session for exactly what the order's buyer owes now, and answers where to pay it. */
    async checkout(viewer: Viewer, orderId: string): Promise<CardCheckout> {
      const order = await buyersOrder(viewer, orderId);
      const ledger = (await repository.ledgers([order.id])).get(order.id);
      if (!ledger) throw notFound('Order');
      const { dueCents, paidCents } = stateOf(ledger);
      if (dueCents === 0)
        throw conflict(paidCents > 0 ? 'This order is paid already.' : 'Nothing is due for this order.');
      const attempt = (await cards.attempts(order.id)) + 1;
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: CURRENCY,
                  unit_amount: dueCents,
                  product_data: { name: `Order ${orderNumberText(order.number)}` },
                },
              },
            ],
            customer_email: order.userEmail,
            client_reference_id: order.id,
            metadata: { orderId: order.id },
            payment_intent_data: { metadata: { orderId: order.id } },
            success_url: `${orderPage(order)}?card=return&session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: orderPage(order),
          },
          { idempotencyKey: `order-${order.id}-attempt-${attempt}` },
        );
      } catch (error) {
        if (stripeRefused(error)) throw conflict(`Stripe refused this payment: ${error.message}`);
        throw unreachable();
      }
      if (!session.url) throw unreachable();
      await cards.saveCheckout({ sessionId: session.id, orderId: order.id, attempt, amountCents: dueCents });
      return { url: session.url };
    },

    /**
     * The buyer is back from Stripe: the session is read from Stripe and its payment recorded as the webhook would (once,
     * whichever comes first). Answers the order's payment.
     */
    async cardReturn(viewer: Viewer, orderId: string, sessionId: string): Promise<Payment> {
      const order = await buyersOrder(viewer, orderId);
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        if (stripeRefused(error)) throw conflict('Stripe knows no such payment.');
        throw unreachable();
      }
      if (orderIdIn(session.metadata) !== order.id) throw conflict('This payment is for another order.');
      const ledger = await repository.withLockedOrder(order.id, async (tx, locked, before) => {
        await applySession(tx, locked, before, session, false);
        return repository.ledgerOf(order.id, tx);
      });
      if (!ledger) throw notFound('Order');
      return toPayment(ledger);
    },

    /**
     * A webhook delivery: its signature checked on the raw body first, then stored once by its id and its effect written
     * in the same transaction, under the order's lock. A repeat changes nothing.
     */
    async webhook(body: Buffer, signature: string | undefined): Promise<void> {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(body, signature ?? '', webhookSecret);
      } catch {
        throw new AppError(
          'BAD_REQUEST',
          'The Stripe-Signature header does not sign this body with the shop’s webhook secret, or is too old.',
        );
      }
      const effect = effectOf(event);
      const stored = { id: event.id, type: event.type, payload: event };
      const done =
        effect?.orderId &&
        (await repository.withLockedOrder(effect.orderId, async (tx, order, ledger) => {
          if (await cards.hasEvent(tx, event.id)) return true;
          const outcome = await effect.apply(tx, order, ledger);
          await cards.storeEvent({ ...stored, orderId: order.id, outcome }, tx);
          return true;
        }));
      if (!done) await cards.storeEvent({ ...stored, orderId: null, outcome: 'skipped' });
    },

    /** Asks Stripe for the order's refunds due once the transaction recording them has committed. */
    refundSoon(orderId: string): void {
      const run = new Promise((resolve) => setTimeout(resolve, 0))
        .then(() => refundsOf(orderId))
        .catch((error: unknown) =>
          log.warn({ err: error, orderId }, 'card refund not made yet; tried again later'),
        )
        .finally(() => inFlight.delete(run));
      inFlight.add(run);
    },

    /** Asks again for the card refunds due that Stripe did not answer (unreachable, or the process stopped). */
    async retryRefunds(): Promise<void> {
      const since = new Date(Date.now() - REFUND_RETRY_HOURS * 3_600_000);
      for (const { orderId } of await cards.unsettledRefundOrders(since)) {
        try {
          await refundsOf(orderId);
        } catch (error) {
          log.warn({ err: error, orderId }, 'card refund not made yet; tried again later');
        }
      }
    },

    /** Waits for the refunds being asked for. */
    async stop(): Promise<void> {
      await Promise.all(inFlight);
    },
  };
}

export type CardPayments = ReturnType<typeof createCardPayments>;
