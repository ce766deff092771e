import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  inArray,
  isNotNull,
  sql,
  type Table,
} from 'drizzle-orm';
import { orderStatusOf, type OrderListQuery, type OrderStatus } from '@bazaar/shared/orders';
import type { PublicUser } from '@bazaar/shared/users';
import { announceCatalogChange, CATALOG_CHANNEL } from '../../db/catalog-changes.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { mailOutbox, orderLines, orders, products, users } from '../../db/schema.ts';
import {
  buyerCancelledMail,
  orderPlacedMails,
  outboxEvents,
  queueShopMails,
  statusChangedMail,
  type MailedLine,
  type OutgoingMail,
} from '../mail/mail.module.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
/** A line before it belongs to an order. */
export type NewOrderLineRow = Omit<OrderLineRow, 'orderId'>;
/** A line as answers show it: with its seller's public identity (null once the seller's account is gone). */
export type ShownLineRow = NewOrderLineRow & { seller: PublicUser | null };
/** A stored line as answers show it. */
export type ListedLineRow = OrderLineRow & { seller: PublicUser | null };
/** A priced line, before the order knows whether its units come out of stock. */
export type PricedLineRow = Omit<NewOrderLineRow, 'stockTaken' | 'status'>;

/** What placing an order came to; nothing is written unless it was `placed`. */
export type Placement =
  | { outcome: 'placed'; order: OrderRow; lines: NewOrderLineRow[] }
  | { outcome: 'key used' }
  | { outcome: 'short'; productId: string; left: number };

/** Undoes a placement's transaction, carrying the reason out of it. */
class Undone extends Error {
  constructor(readonly placement: Placement) {
    super(placement.outcome);
  }
}

/** Each product's total quantity, in id order: transactions that lock products in one order never deadlock. */
function unitsPerProduct(lines: { productId: string | null; quantity: number }[]): [string, number][] {
  const units = new Map<string, number>();
  for (const { productId, quantity } of lines) {
    if (productId !== null) units.set(productId, (units.get(productId) ?? 0) + quantity);
  }
  return [...units].sort(([a], [b]) => (a < b ? -1 : 1));
}

/**
 * Which orders a list holds: those of one buyer (by e-mail or handle), those holding one seller's lines, those
 * holding a line (of that seller's, if given) in `lineStatus`, or several of these.
 */
export interface OrderFilter {
  userEmail?: string | undefined;
  buyerHandle?: string | undefined;
  sellerEmail?: string | undefined;
  lineStatus?: OrderStatus | undefined;
}

/** A move of an order's lines: which of its lines, from which statuses, to which. */
export interface LineMove {
  /** Only this seller's lines; every line of the order when undefined. */
  sellerEmail?: string | undefined;
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** Who hears of the moved lines: the buyer (a seller or an admin moved them) or their sellers (the buyer did). */
  notify: 'buyer' | 'sellers';
}

/** What a move came to: the order with its status derived anew, and how many lines moved. */
export interface MovedLines {
  order: OrderRow;
  moved: number;
  /** Whether cancelled lines put units back into stock. */
  restocked: boolean;
  /** The statuses of the lines the move could reach (the seller's, or all), after it. */
  reachable: OrderStatus[];
}

/** A listed order with its buyer's public identity (null for an order whose account is gone). */
export type ListedOrderRow = OrderRow & { buyer: { handle: string; name: string } | null };

/** What an order copies from a product. */
const orderedProductColumns = {
  id: products.id,
  name: products.name,
  priceCents: products.priceCents,
  discount: products.discount,
  mainImageUrl: products.mainImageUrl,
  stock: products.stock,
  sellerEmail: users.email,
  seller: { handle: users.handle, name: users.name },
};

/** An order's columns with its buyer's public identity. */
const listedOrderColumns = { ...getTableColumns(orders), buyer: { handle: users.handle, name: users.name } };

/** A row keyed by the table's column names rather than their TypeScript names, as jsonb_populate_recordset reads it. */
function rowOfColumnNames(table: Table, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, row[key] ?? null]),
  );
}

/** The order columns a placement writes; the rest (seq, order_time) come from their defaults. */
type PlacedOrder = Omit<NewOrderRow, 'id' | 'seq' | 'orderTime'> & Pick<OrderRow, 'id'>;

/**
 * Inserts an order, its lines and their mails in one statement (one round trip); null, inserting nothing, when
 * the user already has an order with its idempotency key or, with `unlessCounted`, when one of those products
 * has its stock counted now. `take` is each counted product's units, taken from its stock in the same statement
 * (the caller holds their rows locked and has checked there are enough), and the catalog change is announced.
 */
async function insertOrder(
  db: Database,
  order: PlacedOrder,
  lines: NewOrderLineRow[],
  mails: OutgoingMail[],
  { take = [], unlessCounted = [] }: { take?: [string, number][]; unlessCounted?: string[] },
): Promise<OrderRow | null> {
  const status = order.status ?? 'processing';
  // Lines, units and mails travel as JSON parameters, read back as rows.
  const lineRows = JSON.stringify(
    lines.map((line) => rowOfColumnNames(orderLines, { ...line, orderId: order.id })),
  );
  const units = JSON.stringify(take.map(([id, count]) => ({ id, units: count })));
  const mailRows = JSON.stringify(
    mails.map((mail) => ({
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
    })),
  );
  const guard =
    unlessCounted.length === 0
      ? sql``
      : sql`where not exists (select 1 from ${products} where ${products.id} in ${unlessCounted} and ${products.stock} is not null)`;
  const [row] = await queryRows<{ seq: number; ordered_at: number; taken: number; announced: number }>(
    db,
    sql`with taken as (
      update ${products} set stock = ${products.stock} - w.units
      from jsonb_to_recordset(${units}::jsonb) as w(id uuid, units integer)
      where ${products.id} = w.id and ${products.stock} >= w.units
      returning ${products.id}
    ), header as (
      insert into ${orders} (id, user_email, name, email, phone, address, payment_method, total_cents, status,
        idempotency_key, request_digest)
      select ${order.id}::uuid, ${order.userEmail}, ${order.name}, ${order.email}, ${order.phone}, ${order.address},
        ${order.paymentMethod}, ${order.totalCents}, ${status}, ${order.idempotencyKey ?? null}::text,
        ${order.requestDigest ?? null}::text
      ${guard}
      on conflict (user_email, idempotency_key) do nothing
      returning seq, order_time
    ), inserted_lines as (
      insert into ${orderLines}
      select line.* from header, jsonb_populate_recordset(null::${orderLines}, ${lineRows}::jsonb) as line
    ), mails as (
      insert into ${mailOutbox} (kind, to_address, subject, text_body, html_body)
      select mail.kind, mail.to_address, mail.subject, mail.text_body, mail.html_body
      from header, jsonb_to_recordset(${mailRows}::jsonb)
        as mail(kind text, to_address text, subject text, text_body text, html_body text)
      where exists (select 1 from ${users} where ${users.email} = mail.to_address and ${users.shopMails})
    )
    select header.seq::float8 as seq, (extract(epoch from header.order_time) * 1000)::float8 as ordered_at,
      (select count(*) from taken)::integer as taken,
      -- Product answers show the stock: every process's catalog cache must forget them once this commits.
      (select count(*) from (select pg_notify(${CATALOG_CHANNEL}, '') where ${take.length > 0}) as told)::integer
        as announced
    from header`,
  );
  if (!row) return null;
  // The products are locked and their stock checked: a unit not taken would be a bug, never a short order.
  if (row.taken !== take.length) throw new Error(`took the stock of ${row.taken} of ${take.length} products`);
  if (mails.length > 0) outboxEvents.emit('queued');
  return {
    ...order,
    status,
    idempotencyKey: order.idempotencyKey ?? null,
    requestDigest: order.requestDigest ?? null,
    seq: row.seq,
    orderTime: new Date(row.ordered_at),
  };
}

/** The mails of a move: the buyer's, one per seller whose part moved, or each such seller's. */
async function moveMails(
  tx: Pick<Database, 'select'>,
  shopUrl: string,
  order: OrderRow,
  moved: MailedLine[],
  { to, notify }: LineMove,
) {
  const sellerEmails = [...new Set(moved.map((line) => line.sellerEmail))];
  const linesOf = (sellerEmail: string) => moved.filter((line) => line.sellerEmail === sellerEmail);
  if (notify === 'sellers') {
    return sellerEmails.map((sellerEmail) =>
      buyerCancelledMail(shopUrl, order.id, sellerEmail, linesOf(sellerEmail)),
    );
  }
  const sellers = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.email, sellerEmails));
  const nameOf = (email: string) =>
    sellers.find((seller) => seller.email === email)?.name ?? 'a former seller';
  return sellerEmails.map((sellerEmail) =>
    statusChangedMail(shopUrl, order, {
      sellerName: nameOf(sellerEmail),
      status: to,
      lines: linesOf(sellerEmail),
    }),
  );
}

/** `shopUrl` (PUBLIC_URL) is what the links of the mails that orders cause are built on. */
export function createOrdersRepository(db: Database, shopUrl: string) {
  // Prepared once: every order asks it, and drizzle would build its SQL again each time.
  const productsByIds = db
    .select(orderedProductColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('order_products_by_ids');

  return {
    /** The products of an order, with what its lines keep of them. */
    findProducts(ids: string[]) {
      return productsByIds.execute({ ids });
    },

    async findById(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
      return row;
    },

    /** An order with its buyer's public identity, as lists show it. */
    async findListed(id: string): Promise<ListedOrderRow | undefined> {
      const [row] = await db
        .select(listedOrderColumns)
        .from(orders)
        .leftJoin(users, eq(users.email, orders.userEmail))
        .where(eq(orders.id, id))
        .limit(1);
      return row;
    },

    async findByIdempotencyKey(userEmail: string, key: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userEmail, userEmail), eq(orders.idempotencyKey, key)))
        .limit(1);
      return row;
    },

    /**
     * Places an order in one transaction: takes each product's units from its stock, where the seller counts it,
     * by a guarded statement (never a read followed by a write), then inserts the order and its lines. Nothing is
     * written when a product has too few units (`short`) or the user already has an order with the idempotency key
     * (`key used`); on PostgreSQL a concurrent order for the same products or key waits here for the first. The
     * placed lines are the priced ones, in their order.
     */
    async placeOrder(
      order: Omit<PlacedOrder, 'id'>,
      priced: PricedLineRow[],
      { mayCount = true }: { mayCount?: boolean } = {},
    ): Promise<Placement> {
      const placed = { ...order, id: randomUUID() };
      const linesOf = (taken: Set<string>) =>
        priced.map((line) => ({
          ...line,
          stockTaken: line.productId !== null && taken.has(line.productId),
          status: 'processing' as const,
        }));
      const wanted = unitsPerProduct(priced);
      if (!mayCount) {
        // Pricing saw no counted stock: one statement, which inserts nothing if a product is counted by now.
        const lines = linesOf(new Set());
        const inserted = await insertOrder(db, placed, lines, orderPlacedMails(shopUrl, placed, lines), {
          unlessCounted: wanted.map(([productId]) => productId),
        });
        if (inserted) return { outcome: 'placed', order: inserted, lines };
      }
      try {
        return await db.transaction(async (tx): Promise<Placement> => {
          // Locks the counted products in id order (orders locking them so never deadlock) and reads their stock.
          const ids = wanted.map(([productId]) => productId);
          const counted = new Map(
            (
              await tx
                .select({ id: products.id, stock: products.stock })
                .from(products)
                .where(and(inArray(products.id, ids), isNotNull(products.stock)))
                .orderBy(asc(products.id))
                .for('update')
            ).map((row) => [row.id, row.stock ?? 0]),
          );
          const take = wanted.filter(([productId]) => counted.has(productId));
          for (const [productId, units] of take) {
            const left = counted.get(productId) ?? 0;
            if (left < units) throw new Undone({ outcome: 'short', productId, left });
          }
          const lines = linesOf(new Set(counted.keys()));
          const inserted = await insertOrder(tx, placed, lines, orderPlacedMails(shopUrl, placed, lines), {
            take,
          });
          if (!inserted) throw new Undone({ outcome: 'key used' });
          return { outcome: 'placed', order: inserted, lines };
        });
      } catch (error) {
        if (error instanceof Undone) return error.placement;
        throw error;
      }
    },

    /**
     * The lines of many orders in one query, each order's in position order, with their sellers' public identity;
     * only one seller's if given.
     */
    linesOf(orderIds: string[], sellerEmail?: string): Promise<ListedLineRow[]> {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .select({ ...getTableColumns(orderLines), seller: { handle: users.handle, name: users.name } })
        .from(orderLines)
        .leftJoin(users, eq(users.email, orderLines.sellerEmail))
        .where(
          and(
            inArray(orderLines.orderId, orderIds),
            sellerEmail === undefined ? undefined : eq(orderLines.sellerEmail, sellerEmail),
          ),
        )
        .orderBy(asc(orderLines.orderId), asc(orderLines.position));
    },

    /** One page of orders, newest first: every order, or those the filter picks. */
    async list(query: OrderListQuery & OrderFilter): Promise<{ rows: ListedOrderRow[]; total: number }> {
      const { userEmail, buyerHandle, sellerEmail, lineStatus } = query;
      const where = and(
        userEmail === undefined ? undefined : eq(orders.userEmail, userEmail),
        buyerHandle === undefined
          ? undefined
          : inArray(
              orders.userEmail,
              db.select({ email: users.email }).from(users).where(eq(users.handle, buyerHandle)),
            ),
        sellerEmail === undefined && lineStatus === undefined
          ? undefined
          : exists(
              db
                .select({ one: sql`1` })
                .from(orderLines)
                .where(
                  and(
                    eq(orderLines.orderId, orders.id),
                    sellerEmail === undefined ? undefined : eq(orderLines.sellerEmail, sellerEmail),
                    lineStatus === undefined ? undefined : eq(orderLines.status, lineStatus),
                  ),
                ),
            ),
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select(listedOrderColumns)
          .from(orders)
          .leftJoin(users, eq(users.email, orders.userEmail))
          .where(where)
          .orderBy(desc(orders.orderTime), desc(orders.seq))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: count() }).from(orders).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    /**
     * Moves the lines `move` reaches that are in one of its `from` statuses to its `to`, and stores the order's
     * status derived from all its lines, in one transaction; undefined when there is no such order. The order row
     * is locked first, so that moves of one order (two sellers shipping their parts at once) run one after the
     * other and the last derives the status from every line's. Lines moved to cancelled put back the units they
     * took from stock: only the statement that moved a line does it, so each line's units come back once.
     */
    moveLines(orderId: string, move: LineMove): Promise<MovedLines | undefined> {
      const { sellerEmail, from, to } = move;
      return db.transaction(async (tx) => {
        const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!locked) return undefined;
        if (to === 'cancelled') {
          // Deleting a product locks it, then its lines (ON DELETE SET NULL); a cancellation that put units back
          // after locking lines could deadlock with it, so it locks the products first, in id order.
          await tx
            .select({ id: products.id })
            .from(products)
            .where(
              inArray(
                products.id,
                tx
                  .select({ id: orderLines.productId })
                  .from(orderLines)
                  .where(and(eq(orderLines.orderId, orderId), eq(orderLines.stockTaken, true))),
              ),
            )
            .orderBy(asc(products.id))
            .for('update');
        }
        const reached = and(
          eq(orderLines.orderId, orderId),
          sellerEmail === undefined ? undefined : eq(orderLines.sellerEmail, sellerEmail),
        );
        const moved =
          from.length === 0
            ? []
            : await tx
                .update(orderLines)
                .set({ status: to })
                .where(and(reached, inArray(orderLines.status, [...from])))
                .returning({
                  productId: orderLines.productId,
                  quantity: orderLines.quantity,
                  stockTaken: orderLines.stockTaken,
                  sellerEmail: orderLines.sellerEmail,
                  name: orderLines.name,
                  lineTotalCents: orderLines.lineTotalCents,
                });
        const taken = to === 'cancelled' ? moved.filter((line) => line.stockTaken) : [];
        for (const [productId, units] of unitsPerProduct(taken)) {
          // A product the seller stopped counting stays uncounted.
          await tx
            .update(products)
            .set({ stock: sql`${products.stock} + ${units}` })
            .where(and(eq(products.id, productId), isNotNull(products.stock)));
        }
        if (taken.length > 0) await announceCatalogChange(tx);
        const lines = await tx
          .select({ sellerEmail: orderLines.sellerEmail, status: orderLines.status })
          .from(orderLines)
          .where(eq(orderLines.orderId, orderId));
        const reachable = lines
          .filter((line) => sellerEmail === undefined || line.sellerEmail === sellerEmail)
          .map((line) => line.status);
        if (moved.length === 0) return { order: locked, moved: 0, restocked: false, reachable };
        await queueShopMails(tx, await moveMails(tx, shopUrl, locked, moved, move));
        const [order] = await tx
          .update(orders)
          .set({ status: orderStatusOf(lines.map((line) => line.status)) })
          .where(eq(orders.id, orderId))
          .returning();
        return { order: order ?? locked, moved: moved.length, restocked: taken.length > 0, reachable };
      });
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
