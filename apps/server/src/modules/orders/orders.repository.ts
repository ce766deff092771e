import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  sql,
  type Table,
} from 'drizzle-orm';
import { orderStatusOf, type OrderListQuery, type OrderStatus } from '@bazaar/shared/orders';
import type { PublicUser } from '@bazaar/shared/users';
import { announceCatalogChange } from '../../db/catalog-changes.ts';
import type { Database } from '../../db/client.ts';
import { orderLines, orders, products, users } from '../../db/schema.ts';
import {
  buyerCancelledMail,
  orderPlacedMails,
  queueShopMails,
  statusChangedMail,
  type MailedLine,
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

/**
 * Inserts an order and its lines in one statement (one round trip); undefined, inserting nothing, when the
 * user already has an order with its idempotency key.
 */
async function insertOrder(
  db: Pick<Database, '$with' | 'insert' | 'with'>,
  order: NewOrderRow,
  lines: NewOrderLineRow[],
): Promise<OrderRow | undefined> {
  const header = db.$with('header').as(
    db
      .insert(orders)
      .values(order)
      .onConflictDoNothing({ target: [orders.userEmail, orders.idempotencyKey] })
      .returning(),
  );
  // The lines travel as one JSON parameter, read back as order_lines rows, each given the new order's id.
  const columns = Object.values(getTableColumns(orderLines)).map((column) =>
    column === orderLines.orderId ? sql`header.id` : sql`line.${sql.identifier(column.name)}`,
  );
  const json = JSON.stringify(lines.map((line) => rowOfColumnNames(orderLines, line)));
  const insertedLines = db
    .$with('inserted_lines')
    .as(
      db
        .insert(orderLines)
        .select(
          sql`select ${sql.join(columns, sql`, `)} from header, jsonb_populate_recordset(null::${orderLines}, ${json}::jsonb) as line`,
        ),
    );
  const [row] = await db.with(header, insertedLines).select().from(header);
  return row;
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
  return {
    /** The products of an order, with what its lines keep of them. */
    findProducts(ids: string[]) {
      return db
        .select(orderedProductColumns)
        .from(products)
        .innerJoin(users, eq(users.id, products.sellerId))
        .where(inArray(products.id, ids));
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
    async placeOrder(order: NewOrderRow, priced: PricedLineRow[]): Promise<Placement> {
      try {
        return await db.transaction(async (tx): Promise<Placement> => {
          const taken = new Set<string>();
          for (const [productId, units] of unitsPerProduct(priced)) {
            const [row] = await tx
              .update(products)
              .set({ stock: sql`${products.stock} - ${units}` })
              .where(and(eq(products.id, productId), gte(products.stock, units)))
              .returning({ id: products.id });
            if (row) {
              taken.add(productId);
              continue;
            }
            // Untracked (null), too few, or deleted since pricing (the insert's foreign key then refuses the line).
            const [product] = await tx
              .select({ stock: products.stock })
              .from(products)
              .where(eq(products.id, productId));
            if (product && product.stock !== null) {
              throw new Undone({ outcome: 'short', productId, left: product.stock });
            }
          }
          const lines = priced.map((line) => ({
            ...line,
            stockTaken: line.productId !== null && taken.has(line.productId),
            status: 'processing' as const,
          }));
          const inserted = await insertOrder(tx, order, lines);
          if (!inserted) throw new Undone({ outcome: 'key used' });
          await queueShopMails(tx, orderPlacedMails(shopUrl, inserted, lines));
          // Product answers show the stock: the catalog cache must forget them.
          if (taken.size > 0) await announceCatalogChange(tx);
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
