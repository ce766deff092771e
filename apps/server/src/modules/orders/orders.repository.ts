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
import type { OrderListQuery, OrderStatus } from '@bazaar/shared/orders';
import { announceCatalogChange } from '../../db/catalog-changes.ts';
import type { Database } from '../../db/client.ts';
import { orderLines, orders, products, users } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
/** A line before it belongs to an order. */
export type NewOrderLineRow = Omit<OrderLineRow, 'orderId'>;
/** A priced line, before the order knows whether its units come out of stock. */
export type PricedLineRow = Omit<NewOrderLineRow, 'stockTaken'>;

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

/** Which orders a list holds: those of one buyer (by e-mail or handle), those holding one seller's lines, or both. */
export interface OrderFilter {
  userEmail?: string | undefined;
  buyerHandle?: string | undefined;
  sellerEmail?: string | undefined;
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
};

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

export function createOrdersRepository(db: Database) {
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
     * (`key used`); on PostgreSQL a concurrent order for the same products or key waits here for the first.
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
          }));
          const inserted = await insertOrder(tx, order, lines);
          if (!inserted) throw new Undone({ outcome: 'key used' });
          // Product answers show the stock: the catalog cache must forget them.
          if (taken.size > 0) await announceCatalogChange(tx);
          return { outcome: 'placed', order: inserted, lines };
        });
      } catch (error) {
        if (error instanceof Undone) return error.placement;
        throw error;
      }
    },

    /** The lines of many orders in one query, each order's in position order; only one seller's if given. */
    linesOf(orderIds: string[], sellerEmail?: string): Promise<OrderLineRow[]> {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(orderLines)
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
      const { userEmail, buyerHandle, sellerEmail } = query;
      const where = and(
        userEmail === undefined ? undefined : eq(orders.userEmail, userEmail),
        buyerHandle === undefined
          ? undefined
          : inArray(
              orders.userEmail,
              db.select({ email: users.email }).from(users).where(eq(users.handle, buyerHandle)),
            ),
        sellerEmail === undefined
          ? undefined
          : exists(
              db
                .select({ one: sql`1` })
                .from(orderLines)
                .where(and(eq(orderLines.orderId, orders.id), eq(orderLines.sellerEmail, sellerEmail))),
            ),
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select({ ...getTableColumns(orders), buyer: { handle: users.handle, name: users.name } })
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
     * Moves an order from one status to another; undefined when it is no longer in `from` (or gone). A move to
     * cancelled puts back the units its lines took from stock, in the same transaction: only the one move that
     * matched the order in `from` does it, so two cancellations at once put them back once.
     */
    updateStatus(id: string, from: OrderStatus, to: OrderStatus): Promise<OrderRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({ status: to })
          .where(and(eq(orders.id, id), eq(orders.status, from)))
          .returning();
        if (!row || to !== 'cancelled') return row;
        // An order's lines never change once placed; reading them is no check before a write.
        const taken = await tx
          .select({ productId: orderLines.productId, quantity: orderLines.quantity })
          .from(orderLines)
          .where(and(eq(orderLines.orderId, id), eq(orderLines.stockTaken, true)));
        for (const [productId, units] of unitsPerProduct(taken)) {
          // A product the seller stopped counting stays uncounted.
          await tx
            .update(products)
            .set({ stock: sql`${products.stock} + ${units}` })
            .where(and(eq(products.id, productId), isNotNull(products.stock)));
        }
        if (taken.length > 0) await announceCatalogChange(tx);
        return row;
      });
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
