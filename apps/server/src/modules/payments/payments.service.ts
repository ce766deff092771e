import { orderNumberText, PAYMENT_METHOD_NAMES, type PaymentMethod } from '@bazaar/shared/orders';
import {
  isPaidOnline,
  isWalletMethod,
  PAYMENT_CLAIMS_MAX,
  receivingNumber,
  type Payment,
  type CardPayment,
  type CardPaymentListQuery,
  type PaymentClaim,
  type PaymentClaimCreate,
  type PaymentClaimListQuery,
  type PaymentOptions,
  type PaymentSettings,
  type PaymentSettingsUpdate,
  type Refund,
  type RefundListQuery,
  type SalePayment,
} from '@bazaar/shared/payments';
import { percentToBasisPoints } from '@bazaar/shared/commission';
import { centsToDollars, dollarsToCents, formatDollars, sumCents } from '@bazaar/shared/pricing';
import { createKeptValue } from '../../db/follow-changes.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import type { Viewer } from '../auth/auth.module.ts';
import { paymentMail, saleCancelledMails, type PaymentNews } from '../mail/mail.module.ts';
import {
  partsOf,
  type LineMove,
  type MovedLine,
  type OrderPayments,
  type OrderRow,
} from '../orders/orders.module.ts';
import { cashCollectedCents, partPaymentState, paymentState } from './payment-state.ts';
import type {
  ClaimRow,
  Executor,
  Ledger,
  ListedCardPayment,
  ListedClaim,
  ListedRefund,
  NewEvent,
  PaymentsRepository,
} from './payments.repository.ts';

/** The lines of an order's moves, as the payments module moves them (an unpaid order's end). */
export type MoveLines = (
  orderId: string,
  move: LineMove,
  mailsOf: (order: OrderRow, moved: MovedLine[]) => ReturnType<typeof paymentMail>[],
) => Promise<unknown>;

export interface PaymentsServiceOptions {
  /** The settings configured (BKASH_NUMBER, ROCKET_NUMBER, COMMISSION_PERCENT); an admin's setting wins. */
  configured: PaymentSettings;
  /** PAYMENT_WINDOW_HOURS. */
  windowHours: number;
  shopUrl: string;
  /** Cards through Stripe are configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET): checkout offers them. */
  cardsOffered?: boolean;
  /** Told when a card order comes to owe a refund, in the transaction that records it: Stripe makes it once committed. */
  onCardRefundDue?: (orderId: string) => void;
}

/** An order's parts, what it is worth now and its payment, from its ledger. */
export function stateOf(ledger: Ledger) {
  const parts = partsOf(ledger.lines, ledger.shippingBySeller);
  const orderDueCents = sumCents(parts.map((part) => part.dueCents));
  return { parts, orderDueCents, ...paymentState(ledger.events, orderDueCents) };
}

export function toPayment(ledger: Ledger): Payment {
  const state = stateOf(ledger);
  return {
    method: ledger.method,
    status: state.status,
    paid: centsToDollars(state.paidCents),
    refunded: centsToDollars(state.refundedCents),
    due: centsToDollars(state.dueCents),
    events: ledger.events.map((event) => ({
      _id: event.id,
      kind: event.kind,
      amount: centsToDollars(event.amountCents),
      by: event.by,
      reference: event.reference,
      at: event.createdAt.toISOString(),
    })),
  };
}

const toClaim = (row: ListedClaim): PaymentClaim => ({
  _id: row.id,
  orderId: row.orderId,
  orderNumber: orderNumberText(row.orderNumber),
  method: row.method,
  sender: row.sender,
  transactionId: row.transactionId,
  amount: centsToDollars(row.amountCents),
  status: row.status,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

const toRefund = (row: ListedRefund): Refund => ({
  _id: row.id,
  orderId: row.orderId,
  orderNumber: orderNumberText(row.orderNumber),
  method: row.method,
  amount: centsToDollars(row.amountCents),
  createdAt: row.createdAt.toISOString(),
  reference: row.reference,
  madeAt: row.madeAt?.toISOString() ?? null,
  refusal: row.refusal,
});

const toCardPayment = (row: ListedCardPayment): CardPayment => ({
  _id: row.id,
  orderId: row.orderId,
  orderNumber: orderNumberText(row.orderNumber),
  amount: centsToDollars(row.amountCents),
  flagged: row.kind === 'card_mismatch',
  reference: row.reference,
  at: row.createdAt.toISOString(),
});

const conflict = (message: string, path?: string) =>
  new AppError('CONFLICT', message, path === undefined ? undefined : [{ path, message }]);

function requireAdmin(viewer: Viewer, what: string) {
  if (!viewer.isAdmin) throw new AppError('FORBIDDEN', `Only an admin may ${what}.`);
}

/**
 * Nothing ships unpaid: a part of a bKash, Rocket or card order may be marked shipped only once paid, unless the order
 * was placed before payments were recorded (`since`), which it was placed without.
 */
const shipsOncePaid = (method: PaymentMethod, placedAt: Date, since: Date) =>
  isPaidOnline(method) && placedAt >= since;

export function createPaymentsService(repository: PaymentsRepository, options: PaymentsServiceOptions) {
  const { configured, windowHours, shopUrl, cardsOffered = false, onCardRefundDue } = options;
  /** Read once: it never changes after migration 0025. */
  let recordedSince: Date | undefined;

  /**
   * When payments began to be recorded (migration 0025); orders placed before are not held to their rules. Read in the
   * caller's transaction when there is one: PGlite has one connection, which the transaction holds.
   */
  async function paymentsRecordedSince(executor?: Executor): Promise<Date> {
    recordedSince ??= await repository.recordedSince(executor);
    return recordedSince;
  }

  /** Records a refund due for what was paid beyond what the order is now worth. */
  async function reconcile(tx: Executor, order: OrderRow, ledger: Ledger): Promise<number> {
    const { excessCents } = stateOf(ledger);
    if (excessCents > 0) {
      await repository.record(tx, [
        { orderId: order.id, kind: 'refund_due', amountCents: excessCents, by: 'shop' },
      ]);
      if (order.paymentMethod === 'card') onCardRefundDue?.(order.id);
    }
    return excessCents;
  }

  /** Cash collected for each seller's part whose lines reached the buyer in this move. */
  function cashCollected(order: OrderRow, ledger: Ledger, move: LineMove, moved: MovedLine[]): NewEvent[] {
    const { parts } = stateOf(ledger);
    return [...new Set(moved.map((line) => line.sellerEmail))].flatMap((sellerEmail): NewEvent[] => {
      const part = parts.find((one) => one.sellerEmail === sellerEmail);
      if (!part) return [];
      const collected = cashCollectedCents(ledger.events, sellerEmail);
      // A part delivered whole pays its shipping with its goods; one delivered in steps, each step's goods.
      const reached =
        part.status === 'delivered'
          ? part.dueCents
          : sumCents(
              part.lines.filter((line) => line.status === 'delivered').map((line) => line.lineTotalCents),
            );
      const amountCents = reached - collected;
      if (amountCents <= 0) return [];
      const by = move.by === 'admin' ? 'admin' : 'seller';
      return [
        {
          orderId: order.id,
          sellerEmail,
          kind: 'cash_collected',
          amountCents,
          by,
          actorEmail: move.actorEmail ?? null,
        },
      ];
    });
  }

  /** What an admin stored, kept while every process's writes of the settings are heard (migration 0035). */
  const storedSettings = createKeptValue(() => repository.storedSettings());

  async function currentSettings(): Promise<PaymentSettings> {
    const set = await storedSettings.get();
    return {
      bkashNumber: set.bkashNumber ?? configured.bkashNumber,
      rocketNumber: set.rocketNumber ?? configured.rocketNumber,
      commissionPercent: set.commissionPercent ?? configured.commissionPercent,
    };
  }

  function optionsOf({ bkashNumber, rocketNumber }: PaymentSettings): PaymentOptions {
    return {
      methods: [
        'cash on delivery',
        ...(bkashNumber === null ? [] : (['bkash'] as const)),
        ...(rocketNumber === null ? [] : (['rocket'] as const)),
        ...(cardsOffered ? (['card'] as const) : []),
      ],
      bkashNumber,
      rocketNumber,
    };
  }

  const paymentOptions = async () => optionsOf(await currentSettings());

  /** The claim's refusals, checked under the order's lock; what the buyer must send otherwise. */
  async function claimRefusal(
    tx: Executor,
    order: OrderRow,
    ledger: Ledger,
    input: PaymentClaimCreate,
  ): Promise<number> {
    if (order.paymentMethod === 'card') {
      throw conflict('This order is paid by card: pay it on Stripe with "Pay by card".');
    }
    if (!isWalletMethod(order.paymentMethod)) {
      throw conflict('This order is paid in cash on delivery: there is nothing to send now.');
    }
    if (input.method !== order.paymentMethod) {
      const message = `This order is paid by ${PAYMENT_METHOD_NAMES[order.paymentMethod]}.`;
      throw new AppError('VALIDATION_ERROR', message, [{ path: 'method', message }]);
    }
    const state = stateOf(ledger);
    if (state.pending) throw conflict('A payment of this order is already waiting to be verified.');
    const claims = await repository.claimsOf(tx, order.id);
    if (claims.some((claim) => claim.status === 'accepted')) throw conflict('This order is paid already.');
    if (claims.filter((claim) => claim.status === 'rejected').length >= PAYMENT_CLAIMS_MAX) {
      throw conflict(
        `This order's payment was rejected ${PAYMENT_CLAIMS_MAX} times: please contact us about it.`,
      );
    }
    // An order that ended unpaid still takes the payment it was waiting for: it is then refunded.
    const expired = ledger.events.find((event) => event.kind === 'expired');
    const expectedCents = expired ? expired.amountCents : state.dueCents;
    if (expectedCents === 0) throw conflict('Nothing is due for this order.');
    if (dollarsToCents(input.amount) !== expectedCents) {
      const message = `The amount due is ${formatDollars(expectedCents)}: send exactly that.`;
      throw new AppError('CONFLICT', message, [{ path: 'amount', message }], undefined, {
        amount: centsToDollars(expectedCents),
      });
    }
    return expectedCents;
  }

  /** Decides a pending claim under its order's lock: one decision per claim, whoever else decides at once. */
  async function decide(
    viewer: Viewer,
    claimId: string,
    status: 'accepted' | 'rejected',
    reason: string | null,
  ): Promise<PaymentClaim> {
    requireAdmin(viewer, 'verify payments');
    const found = await repository.findClaim(claimId);
    if (!found) throw notFound('Payment');
    const decided = await repository.withLockedOrder(found.orderId, async (tx, order, ledger) => {
      const claim = await repository.decideClaim(tx, claimId, {
        status,
        reason,
        decidedBy: viewer.email.toLowerCase(),
      });
      if (!claim)
        throw conflict(`This payment was ${found.status === 'pending' ? 'decided' : found.status} already.`);
      const [event] = await repository.record(tx, [
        {
          orderId: order.id,
          kind: status,
          amountCents: claim.amountCents,
          by: 'admin',
          actorEmail: viewer.email.toLowerCase(),
          reference: status === 'accepted' ? claim.transactionId : reason,
          claimId: claim.id,
        },
      ]);
      const events = event ? [...ledger.events, event] : ledger.events;
      const news: PaymentNews =
        status === 'accepted'
          ? {
              kind: 'accepted',
              amountCents: claim.amountCents,
              refundCents: await reconcile(tx, order, { ...ledger, events }),
            }
          : {
              kind: 'rejected',
              amountCents: claim.amountCents,
              reason: reason ?? '',
              claimsLeft: Math.max(0, PAYMENT_CLAIMS_MAX - (await rejectedClaims(tx, order.id))),
            };
      await repository.queueMails(tx, [paymentMail(shopUrl, order, news)]);
      return { ...claim, orderNumber: order.number };
    });
    if (!decided) throw notFound('Payment');
    return toClaim(decided);
  }

  const rejectedClaims = async (tx: Executor, orderId: string) =>
    (await repository.claimsOf(tx, orderId)).filter((claim: ClaimRow) => claim.status === 'rejected').length;

  const forOrders: OrderPayments = {
    async atPlacement(method) {
      const settings = await currentSettings();
      const offered = optionsOf(settings);
      if (!offered.methods.includes(method)) {
        const choices = offered.methods.map((offer) => PAYMENT_METHOD_NAMES[offer]).join(' or ');
        const message = `${PAYMENT_METHOD_NAMES[method]} is not offered: choose ${choices}.`;
        throw new AppError('VALIDATION_ERROR', message, [{ path: 'paymentMethod', message }]);
      }
      const commissionBasisPoints = percentToBasisPoints(settings.commissionPercent);
      // A card order's mail says where to pay: on its page, through Stripe.
      if (method === 'card') return { payTo: { method, number: null }, commissionBasisPoints };
      const number = isWalletMethod(method) ? receivingNumber(offered, method) : null;
      return { payTo: number === null ? undefined : { method, number }, commissionBasisPoints };
    },

    ofPlaced: (placed) =>
      toPayment({ ...placed, shippingBySeller: new Map(placed.shippingBySeller), events: [] }),

    async ofOrders(orderIds) {
      const ledgers = await repository.ledgers(orderIds);
      return new Map([...ledgers].map(([id, ledger]) => [id, toPayment(ledger)]));
    },

    async ofSales(orderIds, sellerEmail) {
      const ledgers = await repository.ledgers(orderIds);
      const since = await paymentsRecordedSince();
      return new Map(
        [...ledgers].map(([id, ledger]): [string, SalePayment] => {
          const { method } = ledger;
          const state = stateOf(ledger);
          const part =
            sellerEmail === undefined
              ? state
              : partPaymentState(
                  state,
                  ledger.events,
                  state.parts.find((one) => one.sellerEmail === sellerEmail) ?? { sellerEmail, dueCents: 0 },
                  !isPaidOnline(method),
                );
          return [
            id,
            {
              method,
              status: part.status,
              due: centsToDollars(part.dueCents),
              shipsOncePaid: shipsOncePaid(method, ledger.placedAt, since),
            },
          ];
        }),
      );
    },

    async afterMove(tx, order, move, moved) {
      const ledger = await repository.ledgerOf(order.id, tx);
      if (
        move.to === 'shipped' &&
        shipsOncePaid(order.paymentMethod, order.orderTime, await paymentsRecordedSince(tx))
      ) {
        if (stateOf(ledger).dueCents > 0) {
          throw new AppError(
            'NOT_PAID',
            `Order ${orderNumberText(order.number)} is not paid yet: ship it once its payment is verified.`,
          );
        }
      }
      const cash =
        move.to === 'delivered' && order.paymentMethod === 'cash on delivery'
          ? await repository.record(tx, cashCollected(order, ledger, move, moved))
          : [];
      await reconcile(tx, order, { ...ledger, events: [...ledger.events, ...cash] });
    },
  };

  return {
    forOrders,
    paymentOptions,
    /** Follows the announcements on `SETTINGS_CHANNEL` (`followChanges`): the stored settings are kept till then. */
    settingsChanges: storedSettings.changes,
    /** Records a refund due for what was paid beyond what the order is now worth (card payments apply it too). */
    reconcile,

    /** The buyer says they sent the order's money: a pending claim for an admin to verify. */
    async claim(viewer: Viewer, orderId: string, input: PaymentClaimCreate): Promise<{ _id: string }> {
      const buyerEmail = viewer.email.toLowerCase();
      const claimed = await repository.withLockedOrder(orderId, async (tx, order, ledger) => {
        if (order.userEmail !== buyerEmail) {
          throw new AppError('FORBIDDEN', "Only the order's buyer may pay for it.");
        }
        const amountCents = await claimRefusal(tx, order, ledger, input);
        const claim = await repository.insertClaim(tx, {
          orderId: order.id,
          method: input.method,
          sender: input.sender,
          transactionId: input.transactionId,
          amountCents,
        });
        if (!claim) {
          throw conflict(
            `The transaction ID ${input.transactionId} was already used to pay an order.`,
            'transactionId',
          );
        }
        await repository.record(tx, [
          {
            orderId: order.id,
            kind: 'claimed',
            amountCents,
            by: 'buyer',
            actorEmail: buyerEmail,
            reference: input.transactionId,
            claimId: claim.id,
          },
        ]);
        return claim;
      });
      if (!claimed) throw notFound('Order');
      return { _id: claimed.id };
    },

    async listClaims(viewer: Viewer, { status, ...paging }: PaymentClaimListQuery) {
      requireAdmin(viewer, 'verify payments');
      const { rows, total } = await repository.listClaims(
        status === 'awaiting_verification' ? 'pending' : status,
        paging,
      );
      return { items: rows.map(toClaim), total };
    },

    accept: (viewer: Viewer, claimId: string) => decide(viewer, claimId, 'accepted', null),
    reject: (viewer: Viewer, claimId: string, reason: string) => decide(viewer, claimId, 'rejected', reason),

    async listRefunds(viewer: Viewer, { status, ...paging }: RefundListQuery) {
      requireAdmin(viewer, 'see refunds');
      const { rows, total } = await repository.listRefunds(status, paging);
      return { items: rows.map(toRefund), total };
    },

    /** Records a refund due as made, once; the buyer is mailed. */
    async refundDone(viewer: Viewer, refundId: string, reference: string): Promise<Refund> {
      requireAdmin(viewer, 'record refunds');
      const due = await repository.findRefundDue(refundId);
      if (!due) throw notFound('Refund');
      const made = await repository.withLockedOrder(due.orderId, async (tx, order) => {
        const event = await repository.recordRefundOutcome(tx, {
          orderId: order.id,
          kind: 'refund_made',
          amountCents: due.amountCents,
          by: 'admin',
          actorEmail: viewer.email.toLowerCase(),
          reference,
          refundOf: due.id,
        });
        if (!event) throw conflict('This refund was recorded as made already.');
        await repository.queueMails(tx, [
          paymentMail(shopUrl, order, { kind: 'refund made', amountCents: due.amountCents, reference }),
        ]);
        return { order, event };
      });
      if (!made) throw notFound('Refund');
      return toRefund({
        id: due.id,
        orderId: made.order.id,
        orderNumber: made.order.number,
        method: made.order.paymentMethod,
        amountCents: due.amountCents,
        createdAt: due.createdAt,
        reference,
        madeAt: made.event.createdAt,
        refusal: null,
      });
    },

    async listCardPayments(viewer: Viewer, { status, ...paging }: CardPaymentListQuery) {
      requireAdmin(viewer, 'see card payments');
      const { rows, total } = await repository.listCardPayments(
        status === 'paid' ? 'card_paid' : 'card_mismatch',
        paging,
      );
      return { items: rows.map(toCardPayment), total };
    },

    async settings(viewer: Viewer): Promise<PaymentSettings> {
      requireAdmin(viewer, 'see the payment settings');
      return currentSettings();
    },

    async updateSettings(viewer: Viewer, update: PaymentSettingsUpdate): Promise<PaymentSettings> {
      requireAdmin(viewer, 'change the payment settings');
      await repository.setSettings(update);
      return currentSettings();
    },

    /**
     * Cancels the wallet and card orders whose window passed with no claim pending or accepted, each in its own move (stock
     * back, buyer mailed). The check is made again under each order's lock: a claim arriving at that moment keeps it.
     */
    async expireUnpaid(moveLines: MoveLines): Promise<number> {
      const placedBefore = new Date(Date.now() - windowHours * 3_600_000);
      const due = await repository.expirable(placedBefore, await paymentsRecordedSince(), 100);
      const hours = windowHours;
      let expired = 0;
      for (const { id } of due) {
        await moveLines(
          id,
          {
            from: ['processing'],
            to: 'cancelled',
            by: 'admin',
            reason: `No payment arrived within ${hours} hours`,
            actorEmail: null,
            onlyIf: async (tx, order) => {
              const ledger = await repository.ledgerOf(order.id, tx);
              const keeping = (await repository.claimsOf(tx, order.id)).some(
                (claim) => claim.status !== 'rejected',
              );
              const { orderDueCents, dueCents } = stateOf(ledger);
              // A paid order is never ended: a card's payment may arrive between the list and this lock.
              const ended = ledger.events.some((event) => event.kind === 'expired');
              if (keeping || orderDueCents === 0 || dueCents === 0 || ended) {
                return false;
              }
              await repository.record(tx, [
                { orderId: order.id, kind: 'expired', amountCents: orderDueCents, by: 'shop' },
              ]);
              expired += 1;
              return true;
            },
          },
          (order, moved) => [
            paymentMail(shopUrl, order, { kind: 'expired', hours }),
            ...saleCancelledMails(shopUrl, order, moved, 'unpaid'),
          ],
        );
      }
      return expired;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
