import { and, asc, count, desc, eq, gte, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { OrderStatus } from '@bazaar/shared/orders';
import type { PayoutMethod } from '@bazaar/shared/earnings';
import { readEach, type Database } from '../../db/client.ts';
import { orderLines, orderParts, orders, payouts, sellerLedger, users } from '../../db/schema.ts';
import { queueShopMails, type OutgoingMail } from '../mail/mail.module.ts';
import type { PartAmounts, PartEntryKind } from './ledger-rules.ts';

export type EntryRow = typeof sellerLedger.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
export type Executor = Database;

/** An entry as it is listed: with its order's number. */
export type ListedEntry = EntryRow & { orderNumber: number | null };

/** What a seller's ledger adds up to, in cents: everything, and what may be paid out now. */
export interface Balance {
  balanceCents: number;
  availableCents: number;
}

/** A seller's part of an order as the ledger rule reads it, with what the ledger holds of it already. */
export interface PartOnRecord {
  sellerEmail: string;
  lines: { status: OrderStatus; lineTotalCents: number; commissionCents: number }[];
  shippingCents: number;
  held: PartAmounts;
}

export interface NewEntry {
  sellerEmail: string;
  orderId: string;
  kind: PartEntryKind;
  amountCents: number;
  reason: string;
}

export interface Page {
  limit: number;
  offset: number;
}

/** Sums come back as bigint or numeric, which the drivers hand over as text. */
const cents = (sum: unknown) => Number(sum ?? 0);

const balanceSum = sql<string>`coalesce(sum(${sellerLedger.amountCents}), 0)`;
/**
 * What may be paid out: every debit, and the credits past their hold. A debit counts whatever its `available_at`:
 * now() is when the reading transaction began, which a payout committed by another just before may be later than.
 */
const availableSum = sql<string>`coalesce(sum(${sellerLedger.amountCents}) filter (where ${sellerLedger.amountCents} < 0 or ${sellerLedger.availableAt} <= now()), 0)`;

export function createEarningsRepository(db: Database, { holdDays }: { holdDays: number }) {
  /** A credit waits for the hold; a debit counts at once. */
  const availableAt = (amountCents: number) =>
    amountCents > 0 ? sql`now() + make_interval(secs => ${holdDays * 86_400})` : sql`now()`;

  async function balanceOf(sellerEmail: string, executor: Executor = db): Promise<Balance> {
    const [row] = await executor
      .select({ balance: balanceSum, available: availableSum })
      .from(sellerLedger)
      .where(eq(sellerLedger.sellerEmail, sellerEmail));
    return { balanceCents: cents(row?.balance), availableCents: cents(row?.available) };
  }

  return {
    balanceOf,

    /** Each seller's part of the order, with what their ledger holds for it (read in the move's transaction). */
    async partsOnRecord(tx: Executor, orderId: string): Promise<PartOnRecord[]> {
      const [lines, parts, held] = await readEach(tx, [
        () =>
          tx
            .select({
              sellerEmail: orderLines.sellerEmail,
              status: orderLines.status,
              lineTotalCents: orderLines.lineTotalCents,
              commissionCents: orderLines.commissionCents,
            })
            .from(orderLines)
            .where(eq(orderLines.orderId, orderId))
            .orderBy(asc(orderLines.position)),
        () => tx.select().from(orderParts).where(eq(orderParts.orderId, orderId)),
        () =>
          tx
            .select({ sellerEmail: sellerLedger.sellerEmail, kind: sellerLedger.kind, sum: balanceSum })
            .from(sellerLedger)
            .where(eq(sellerLedger.orderId, orderId))
            .groupBy(sellerLedger.sellerEmail, sellerLedger.kind),
      ]);
      const bySeller = new Map<string, PartOnRecord>();
      for (const { sellerEmail, ...line } of lines) {
        const part = bySeller.get(sellerEmail) ?? {
          sellerEmail,
          lines: [],
          shippingCents: parts.find((one) => one.sellerEmail === sellerEmail)?.shippingCents ?? 0,
          held: { goods: 0, shipping: 0, commission: 0 },
        };
        part.lines.push(line);
        bySeller.set(sellerEmail, part);
      }
      for (const { sellerEmail, kind, sum } of held) {
        const part = bySeller.get(sellerEmail);
        if (part && kind !== 'payout') part.held[kind] = cents(sum);
      }
      return [...bySeller.values()];
    },

    async append(tx: Executor, entries: NewEntry[]): Promise<void> {
      if (entries.length === 0) return;
      await tx
        .insert(sellerLedger)
        .values(entries.map((entry) => ({ ...entry, availableAt: availableAt(entry.amountCents) })));
    },

    /** The seller's account by handle (the row every payout of theirs locks). */
    findSeller: async (handle: string) =>
      (
        await db
          .select({ email: users.email, name: users.name, handle: users.handle })
          .from(users)
          .where(eq(users.handle, handle))
          .limit(1)
      )[0],

    /**
     * Records a payout and its debit if `allow` agrees, given the seller's balance: one payout of a seller at a time (their
     * account's row is locked), so two at once cannot both take what is available.
     */
    recordPayout(
      payout: {
        sellerEmail: string;
        amountCents: number;
        method: PayoutMethod;
        reference: string;
        recordedBy: string;
      },
      allow: (balance: Balance) => void,
      mail: OutgoingMail,
    ): Promise<PayoutRow> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, payout.sellerEmail))
          .for('update');
        allow(await balanceOf(payout.sellerEmail, tx));
        const [row] = await tx.insert(payouts).values(payout).returning();
        if (!row) throw new Error('a payout not written');
        await tx.insert(sellerLedger).values({
          sellerEmail: payout.sellerEmail,
          payoutId: row.id,
          kind: 'payout',
          amountCents: -payout.amountCents,
          reason: `Payout: ${payout.reference}`,
          availableAt: sql`now()`,
        });
        await queueShopMails(tx, [mail]);
        return row;
      });
    },

    /** One page of the seller's entries, the newest first, and how many there are. */
    async entries(sellerEmail: string, paging: Page): Promise<{ rows: ListedEntry[]; total: number }> {
      const where = eq(sellerLedger.sellerEmail, sellerEmail);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ entry: sellerLedger, orderNumber: orders.number })
          .from(sellerLedger)
          .leftJoin(orders, eq(orders.id, sellerLedger.orderId))
          .where(where)
          .orderBy(desc(sellerLedger.seq))
          .limit(paging.limit)
          .offset(paging.offset),
        db.select({ total: count() }).from(sellerLedger).where(where),
      ]);
      return {
        rows: rows.map(({ entry, orderNumber }) => ({ ...entry, orderNumber })),
        total: counted?.total ?? 0,
      };
    },

    /** The entries of one month (from `start` to `end`), the oldest first. */
    async entriesBetween(sellerEmail: string, start: Date, end: Date): Promise<ListedEntry[]> {
      const rows = await db
        .select({ entry: sellerLedger, orderNumber: orders.number })
        .from(sellerLedger)
        .leftJoin(orders, eq(orders.id, sellerLedger.orderId))
        .where(
          and(
            eq(sellerLedger.sellerEmail, sellerEmail),
            gte(sellerLedger.createdAt, start),
            lt(sellerLedger.createdAt, end),
          ),
        )
        .orderBy(asc(sellerLedger.seq));
      return rows.map(({ entry, orderNumber }) => ({ ...entry, orderNumber }));
    },

    /** One page of the seller's payouts, the newest first, and how many there are. */
    async payouts(sellerEmail: string, paging: Page): Promise<{ rows: PayoutRow[]; total: number }> {
      const where = eq(payouts.sellerEmail, sellerEmail);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(payouts)
          .where(where)
          .orderBy(desc(payouts.createdAt), desc(payouts.id))
          .limit(paging.limit)
          .offset(paging.offset),
        db.select({ total: count() }).from(payouts).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    /**
     * One page of the sellers with a ledger or payout details, the most owed first, with their balances and
     * details.
     */
    async balances(paging: Page) {
      const sums = db
        .select({
          sellerEmail: sellerLedger.sellerEmail,
          balance: balanceSum.as('balance'),
          available: availableSum.as('available'),
        })
        .from(sellerLedger)
        .groupBy(sellerLedger.sellerEmail)
        .as('sums');
      const where = or(isNotNull(sums.sellerEmail), isNotNull(users.payoutMethod));
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: users.id,
            handle: users.handle,
            name: users.name,
            payoutMethod: users.payoutMethod,
            payoutAccount: users.payoutAccount,
            balance: sums.balance,
            available: sums.available,
          })
          .from(users)
          .leftJoin(sums, eq(sums.sellerEmail, users.email))
          .where(where)
          .orderBy(sql`coalesce(${sums.balance}, 0) desc`, asc(users.handle))
          .limit(paging.limit)
          .offset(paging.offset),
        db
          .select({ total: count() })
          .from(users)
          .leftJoin(sums, eq(sums.sellerEmail, users.email))
          .where(where),
      ]);
      return {
        rows: rows.map((row) => ({
          ...row,
          balanceCents: cents(row.balance),
          availableCents: cents(row.available),
        })),
        total: counted?.total ?? 0,
      };
    },

    /**
     * The shop's money with its sellers: the commission it earned (net of reversals), what it owes the sellers in
     * credit and what sellers owe it (commission on cash sales beyond their credit).
     */
    async shopTotals() {
      const perSeller = db
        .select({ balance: balanceSum.as('balance') })
        .from(sellerLedger)
        .groupBy(sellerLedger.sellerEmail)
        .as('per_seller');
      const [[commission], [owed]] = await Promise.all([
        db
          .select({ sum: sql<string>`coalesce(-sum(${sellerLedger.amountCents}), 0)` })
          .from(sellerLedger)
          .where(eq(sellerLedger.kind, 'commission')),
        db
          .select({
            toSellers: sql<string>`coalesce(sum(${perSeller.balance}) filter (where ${perSeller.balance} > 0), 0)`,
            bySellers: sql<string>`coalesce(-sum(${perSeller.balance}) filter (where ${perSeller.balance} < 0), 0)`,
          })
          .from(perSeller),
      ]);
      return {
        commissionCents: cents(commission?.sum),
        owedToSellersCents: cents(owed?.toSellers),
        owedBySellersCents: cents(owed?.bySellers),
      };
    },
  };
}

export type EarningsRepository = ReturnType<typeof createEarningsRepository>;
