import { and, asc, count, desc, eq, exists, getTableColumns, inArray, sql, type Table } from 'drizzle-orm';
import type { OrderListQuery, OrderStatus } from '@bazaar/shared/orders';
import type { Database } from '../../db/client.ts';
import { orderLines, orders, products, users } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
/** A line before it belongs to an order. */
export type NewOrderLineRow = Omit<OrderLineRow, 'orderId'>;

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
     * Inserts an order and its lines in one statement (one round trip); undefined, inserting nothing, when the
     * user already has an order with its idempotency key. On PostgreSQL a concurrent insert of the same key
     * waits here until the first one is committed.
     */
    async insertOrder(order: NewOrderRow, lines: NewOrderLineRow[]): Promise<OrderRow | undefined> {
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

    /** Moves an order from one status to another; undefined when it is no longer in `from` (or gone). */
    async updateStatus(id: string, from: OrderStatus, to: OrderStatus): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(orders)
        .set({ status: to })
        .where(and(eq(orders.id, id), eq(orders.status, from)))
        .returning();
      return row;
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
