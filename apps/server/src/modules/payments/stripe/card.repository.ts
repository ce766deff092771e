import { and, count, eq, gte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { cardCheckouts, orders, paymentEvents, stripeEvents } from '../../../db/schema.ts';
import type { Executor, OrderRow } from '../payments.repository.ts';

export type CheckoutRow = typeof cardCheckouts.$inferSelect;
export type NewStripeEvent = Omit<typeof stripeEvents.$inferInsert, 'receivedAt'>;

export function createCardRepository(db: Database) {
  return {
    findOrder: async (id: string): Promise<OrderRow | undefined> =>
      (await db.select().from(orders).where(eq(orders.id, id)).limit(1))[0],

    /** How many Checkout Sessions the order had: the next one is attempt `n + 1`. */
    async attempts(orderId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(cardCheckouts)
        .where(eq(cardCheckouts.orderId, orderId));
      return row?.n ?? 0;
    },

    /** Keeps a session opened; the same attempt opened twice at once (one idempotency key, one session) once. */
    async saveCheckout(checkout: Omit<CheckoutRow, 'createdAt'>): Promise<void> {
      await db.insert(cardCheckouts).values(checkout).onConflictDoNothing();
    },

    findCheckout: async (executor: Executor, sessionId: string): Promise<CheckoutRow | undefined> =>
      (await executor.select().from(cardCheckouts).where(eq(cardCheckouts.sessionId, sessionId)).limit(1))[0],

    hasEvent: async (executor: Executor, id: string): Promise<boolean> =>
      (
        await executor
          .select({ id: stripeEvents.id })
          .from(stripeEvents)
          .where(eq(stripeEvents.id, id))
          .limit(1)
      ).length > 0,

    /** Stores an event once; false when it was stored already. */
    async storeEvent(event: NewStripeEvent, executor: Executor = db): Promise<boolean> {
      const stored = await executor
        .insert(stripeEvents)
        .values(event)
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      return stored.length > 0;
    },

    /**
     * The card orders with a refund due that Stripe neither made nor refused, recorded since `since` (Stripe keeps an
     * idempotency key 24 hours: asked later, it could refund twice).
     */
    unsettledRefundOrders(since: Date): Promise<{ orderId: string }[]> {
      const settled = alias(paymentEvents, 'settled');
      return db
        .selectDistinct({ orderId: paymentEvents.orderId })
        .from(paymentEvents)
        .innerJoin(orders, eq(orders.id, paymentEvents.orderId))
        .where(
          and(
            eq(paymentEvents.kind, 'refund_due'),
            eq(orders.paymentMethod, 'card'),
            gte(paymentEvents.createdAt, since),
            notExists(
              db
                .select({ one: sql`1` })
                .from(settled)
                .where(eq(settled.refundOf, paymentEvents.id)),
            ),
          ),
        )
        .limit(100);
    },
  };
}

export type CardRepository = ReturnType<typeof createCardRepository>;
