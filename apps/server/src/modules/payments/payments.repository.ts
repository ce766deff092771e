import { and, asc, count, desc, eq, inArray, isNull, lt, gte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrderStatus } from '@bazaar/shared/orders';
import type { PaymentSettings } from '@bazaar/shared/payments';
import { readEach, type Database } from '../../db/client.ts';
import {
  orderLines,
  orderParts,
  orders,
  PAYMENTS_RECORDED_SINCE,
  paymentClaims,
  paymentEvents,
  settings,
} from '../../db/schema.ts';
import { queueShopMails, type OutgoingMail } from '../mail/mail.module.ts';

export type OrderRow = typeof orders.$inferSelect;
export type EventRow = typeof paymentEvents.$inferSelect;
export type NewEvent = Omit<typeof paymentEvents.$inferInsert, 'id' | 'createdAt'>;
export type ClaimRow = typeof paymentClaims.$inferSelect;
export type NewClaim = Pick<ClaimRow, 'orderId' | 'method' | 'sender' | 'transactionId' | 'amountCents'>;

/** What an order's payment is derived from: its events, and its lines and parts' shipping for what it is worth now. */
export interface Ledger {
  method: OrderRow['paymentMethod'];
  placedAt: Date;
  events: EventRow[];
  lines: { sellerEmail: string; status: OrderStatus; lineTotalCents: number }[];
  shippingBySeller: Map<string, number>;
}

/** A transaction (or the database) the repository's writes run in. */
export type Executor = Database;

const SETTING_NAMES = {
  bkashNumber: 'bkash_number',
  rocketNumber: 'rocket_number',
  commissionPercent: 'commission_percent',
} as const;

/** The payment settings an admin may set: each null until set, when the configured value stands. */
export type StoredSettings = { [Key in keyof PaymentSettings]: PaymentSettings[Key] | null };

/** A claim listed for the admins: with its order's number. */
export type ListedClaim = ClaimRow & { orderNumber: number };

/** A refund due (its refund_due event) with its order and, once made, the refund_made that settled it. */
export interface ListedRefund {
  id: string;
  orderId: string;
  orderNumber: number;
  method: OrderRow['paymentMethod'];
  amountCents: number;
  createdAt: Date;
  reference: string | null;
  madeAt: Date | null;
  refusal: string | null;
}

/** A card payment (its card_paid or card_mismatch event) with its order's number. */
export type ListedCardPayment = EventRow & { orderNumber: number };

export function createPaymentsRepository(db: Database) {
  /** The ledgers of many orders in four queries (no query per order); orders that do not exist have none. */
  async function ledgers(orderIds: string[], executor: Executor = db): Promise<Map<string, Ledger>> {
    if (orderIds.length === 0) return new Map();
    const [methods, events, lines, parts] = await readEach(executor, [
      () =>
        executor
          .select({ id: orders.id, method: orders.paymentMethod, placedAt: orders.orderTime })
          .from(orders)
          .where(inArray(orders.id, orderIds)),
      () =>
        executor
          .select()
          .from(paymentEvents)
          .where(inArray(paymentEvents.orderId, orderIds))
          .orderBy(asc(paymentEvents.seq)),
      () =>
        executor
          .select({
            orderId: orderLines.orderId,
            sellerEmail: orderLines.sellerEmail,
            status: orderLines.status,
            lineTotalCents: orderLines.lineTotalCents,
          })
          .from(orderLines)
          .where(inArray(orderLines.orderId, orderIds))
          .orderBy(asc(orderLines.orderId), asc(orderLines.position)),
      () => executor.select().from(orderParts).where(inArray(orderParts.orderId, orderIds)),
    ]);
    const byOrder = new Map<string, Ledger>(
      methods.map(({ id, method, placedAt }) => [
        id,
        { method, placedAt, events: [], lines: [], shippingBySeller: new Map() },
      ]),
    );
    for (const event of events) byOrder.get(event.orderId)?.events.push(event);
    for (const { orderId, ...line } of lines) byOrder.get(orderId)?.lines.push(line);
    for (const part of parts)
      byOrder.get(part.orderId)?.shippingBySeller.set(part.sellerEmail, part.shippingCents);
    return byOrder;
  }

  async function ledgerOf(orderId: string, executor: Executor): Promise<Ledger> {
    const ledger = (await ledgers([orderId], executor)).get(orderId);
    if (!ledger) throw new Error('an order without a ledger');
    return ledger;
  }

  return {
    ledgers,
    ledgerOf,

    /**
     * One unit of work on an order's money: locks the order's row (as every move of its lines does, so that they run
     * one after the other), reads its ledger and runs `work` in the transaction. Undefined when there is no such order.
     */
    withLockedOrder<T>(
      orderId: string,
      work: (tx: Executor, order: OrderRow, ledger: Ledger) => Promise<T>,
    ): Promise<T | undefined> {
      return db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!order) return undefined;
        return work(tx, order, await ledgerOf(orderId, tx));
      });
    },

    async record(executor: Executor, events: NewEvent[]): Promise<EventRow[]> {
      if (events.length === 0) return [];
      return executor.insert(paymentEvents).values(events).returning();
    },

    queueMails: (executor: Executor, mails: OutgoingMail[]) => queueShopMails(executor, mails),

    /** The order's claims, oldest first. */
    claimsOf(executor: Executor, orderId: string): Promise<ClaimRow[]> {
      return executor
        .select()
        .from(paymentClaims)
        .where(eq(paymentClaims.orderId, orderId))
        .orderBy(asc(paymentClaims.createdAt));
    },

    /** Inserts a claim, unless a claim not rejected has its transaction ID already (undefined then). */
    async insertClaim(executor: Executor, claim: NewClaim): Promise<ClaimRow | undefined> {
      const [row] = await executor
        .insert(paymentClaims)
        .values(claim)
        .onConflictDoNothing({
          target: paymentClaims.transactionId,
          where: sql`${paymentClaims.status} <> 'rejected'`,
        })
        .returning();
      return row;
    },

    findClaim: async (id: string): Promise<ClaimRow | undefined> =>
      (await db.select().from(paymentClaims).where(eq(paymentClaims.id, id)).limit(1))[0],

    /** Decides a pending claim; undefined when it was decided already (by a concurrent admin, say). */
    async decideClaim(
      executor: Executor,
      id: string,
      decision: Pick<ClaimRow, 'status' | 'reason' | 'decidedBy'>,
    ): Promise<ClaimRow | undefined> {
      const [row] = await executor
        .update(paymentClaims)
        .set({ ...decision, decidedAt: sql`now()` })
        .where(and(eq(paymentClaims.id, id), eq(paymentClaims.status, 'pending')))
        .returning();
      return row;
    },

    /**
     * One page of claims in `status`: pending ones the oldest first (those waiting the longest are verified first),
     * decided ones the latest decided first (what was just done).
     */
    async listClaims(
      status: ClaimRow['status'],
      paging: { limit: number; offset: number },
    ): Promise<{ rows: ListedClaim[]; total: number }> {
      const where = eq(paymentClaims.status, status);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ claim: paymentClaims, orderNumber: orders.number })
          .from(paymentClaims)
          .innerJoin(orders, eq(orders.id, paymentClaims.orderId))
          .where(where)
          .orderBy(
            status === 'pending' ? asc(paymentClaims.createdAt) : desc(paymentClaims.decidedAt),
            asc(paymentClaims.id),
          )
          .limit(paging.limit)
          .offset(paging.offset),
        db.select({ total: count() }).from(paymentClaims).where(where),
      ]);
      return {
        rows: rows.map(({ claim, orderNumber }) => ({ ...claim, orderNumber })),
        total: counted?.total ?? 0,
      };
    },

    /** A refund due by its refund_due event's id. */
    findRefundDue: async (id: string): Promise<EventRow | undefined> =>
      (
        await db
          .select()
          .from(paymentEvents)
          .where(and(eq(paymentEvents.id, id), eq(paymentEvents.kind, 'refund_due')))
          .limit(1)
      )[0],

    /** Records what became of a refund due (refund_made, refund_failed), once each; undefined when it was already. */
    async recordRefundOutcome(executor: Executor, event: NewEvent): Promise<EventRow | undefined> {
      const [row] = await executor
        .insert(paymentEvents)
        .values(event)
        .onConflictDoNothing({ target: [paymentEvents.refundOf, paymentEvents.kind] })
        .returning();
      return row;
    },

    /** One page of refunds due (or made), the oldest first. */
    async listRefunds(
      status: 'due' | 'made',
      paging: { limit: number; offset: number },
    ): Promise<{ rows: ListedRefund[]; total: number }> {
      const made = alias(paymentEvents, 'made');
      const madeFor = and(eq(made.refundOf, paymentEvents.id), eq(made.kind, 'refund_made'));
      const failed = alias(paymentEvents, 'failed');
      const where = and(
        eq(paymentEvents.kind, 'refund_due'),
        status === 'due' ? isNull(made.id) : sql`${made.id} is not null`,
      );
      const from = () =>
        db
          .select({
            id: paymentEvents.id,
            orderId: paymentEvents.orderId,
            orderNumber: orders.number,
            method: orders.paymentMethod,
            amountCents: paymentEvents.amountCents,
            createdAt: paymentEvents.createdAt,
            reference: made.reference,
            madeAt: made.createdAt,
            refusal: failed.reference,
          })
          .from(paymentEvents)
          .innerJoin(orders, eq(orders.id, paymentEvents.orderId))
          .leftJoin(made, madeFor)
          .leftJoin(failed, and(eq(failed.refundOf, paymentEvents.id), eq(failed.kind, 'refund_failed')));
      const [rows, [counted]] = await Promise.all([
        from()
          .where(where)
          .orderBy(
            status === 'due' ? asc(paymentEvents.createdAt) : desc(made.createdAt),
            asc(paymentEvents.id),
          )
          .limit(paging.limit)
          .offset(paging.offset),
        db.select({ total: count() }).from(paymentEvents).leftJoin(made, madeFor).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    /** One page of card payments, paid or flagged, the latest first. */
    async listCardPayments(
      kind: 'card_paid' | 'card_mismatch',
      paging: { limit: number; offset: number },
    ): Promise<{ rows: ListedCardPayment[]; total: number }> {
      const where = eq(paymentEvents.kind, kind);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ event: paymentEvents, orderNumber: orders.number })
          .from(paymentEvents)
          .innerJoin(orders, eq(orders.id, paymentEvents.orderId))
          .where(where)
          .orderBy(desc(paymentEvents.seq))
          .limit(paging.limit)
          .offset(paging.offset),
        db.select({ total: count() }).from(paymentEvents).where(where),
      ]);
      return {
        rows: rows.map(({ event, orderNumber }) => ({ ...event, orderNumber })),
        total: counted?.total ?? 0,
      };
    },

    /**
     * Wallet and card orders placed since `since` and before `placedBefore`, still processing, with no claim pending or
     * accepted, not paid by card and not expired yet: at most `limit`, the oldest first.
     */
    expirable(placedBefore: Date, since: Date, limit: number): Promise<{ id: string }[]> {
      const claimsKeeping = db
        .select({ one: sql`1` })
        .from(paymentClaims)
        .where(
          and(eq(paymentClaims.orderId, orders.id), inArray(paymentClaims.status, ['pending', 'accepted'])),
        );
      const expiredOrPaid = db
        .select({ one: sql`1` })
        .from(paymentEvents)
        .where(
          and(eq(paymentEvents.orderId, orders.id), inArray(paymentEvents.kind, ['expired', 'card_paid'])),
        );
      return db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            inArray(orders.paymentMethod, ['bkash', 'rocket', 'card']),
            eq(orders.status, 'processing'),
            lt(orders.orderTime, placedBefore),
            gte(orders.orderTime, since),
            notExists(claimsKeeping),
            notExists(expiredOrPaid),
          ),
        )
        .orderBy(asc(orders.orderTime))
        .limit(limit);
    },

    /** When payments began to be recorded (migration 0025): older orders are not held to their rules. */
    async recordedSince(executor: Executor = db): Promise<Date> {
      const [row] = await executor.select().from(settings).where(eq(settings.name, PAYMENTS_RECORDED_SINCE));
      return row ? new Date(row.value) : new Date(0);
    },

    /** The payment settings an admin set, as stored (null for one not set). */
    async storedSettings(): Promise<StoredSettings> {
      const rows = await db
        .select()
        .from(settings)
        .where(inArray(settings.name, Object.values(SETTING_NAMES)));
      const valueOf = (name: string) => rows.find((row) => row.name === name)?.value ?? null;
      const commission = valueOf(SETTING_NAMES.commissionPercent);
      return {
        bkashNumber: valueOf(SETTING_NAMES.bkashNumber),
        rocketNumber: valueOf(SETTING_NAMES.rocketNumber),
        commissionPercent: commission === null ? null : Number(commission),
      };
    },

    /** Sets the payment settings given; a null one is removed. */
    async setSettings(update: Partial<StoredSettings>): Promise<void> {
      await db.transaction(async (tx) => {
        for (const [key, name] of Object.entries(SETTING_NAMES)) {
          const value = update[key as keyof StoredSettings];
          if (value === undefined) continue;
          if (value === null) await tx.delete(settings).where(eq(settings.name, name));
          else {
            await tx
              .insert(settings)
              .values({ name, value: String(value) })
              .onConflictDoUpdate({ target: settings.name, set: { value: String(value) } });
          }
        }
      });
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
