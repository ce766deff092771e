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
import type { PgColumn } from 'drizzle-orm/pg-core';
import { commissionCents } from '@bazaar/shared/commission';
import {
  orderStatusOf,
  type Canceller,
  type OrderListQuery,
  type OrderStatus,
  type Tracking,
} from '@bazaar/shared/orders';
import type { PublicUser } from '@bazaar/shared/users';
import type { ShippingTerms } from '@bazaar/shared/pricing';
import { prepareRows, type Database } from '../../db/client.ts';
import { lineCopies, lineSeller, lineSellerTerms } from '../../db/order-line.ts';
import { createByteLru } from '../../lib/byte-lru.ts';
import { orderLines, orderParts, orders, products, users } from '../../db/schema.ts';
import {
  outboxEvents,
  queueShopMails,
  rewriteHeldMail,
  shopMailsInsert,
  withdrawHeldMails,
  type MailedLine,
  type OutgoingMail,
} from '../mail/mail.module.ts';
import { shippedMailKey } from './shipment.ts';

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
export type PricedLineRow = Omit<
  NewOrderLineRow,
  | 'stockTaken'
  | 'status'
  | 'cancelledBy'
  | 'cancelReason'
  | 'carrier'
  | 'trackingNumber'
  | 'trackingUrl'
  | 'shippedAt'
  | 'commissionBasisPoints'
  | 'commissionCents'
>;
/**
 * A priced line with its seller's public identity and shipping terms, as the product showed them when it was priced.
 */
export type PricedLine = PricedLineRow & Pick<ShownLineRow, 'seller'> & { terms: ShippingTerms };
/** What one seller's part of an order was charged to ship. */
export type PartShippingRow = Pick<
  typeof orderParts.$inferSelect,
  'orderId' | 'sellerEmail' | 'shippingCents'
>;

/** What placing an order came to; nothing is written unless it was `placed`. */
export type Placement =
  | { outcome: 'placed'; order: OrderRow; lines: NewOrderLineRow[] }
  | { outcome: 'key used' }
  | { outcome: 'short'; productId: string; left: number }
  /** The buyer's unshipped orders already hold `held` units of this product: `mayAdd` more fit the limit. */
  | { outcome: 'held'; productId: string; held: number; mayAdd: number }
  /** These lines' products (price, name, picture or seller) are no longer what the lines were priced from. */
  | { outcome: 'repriced'; productIds: string[] };

/** The order number a statement drew from the sequence. */
function numberOf(rows: { number: number }[]): number {
  const [drawn] = rows;
  if (!drawn) throw new Error('the order number sequence answered no row');
  return drawn.number;
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
  /** Who moves them and, for a cancellation, why if they said. */
  by: Canceller;
  reason?: string | undefined;
  /** For a shipment, how it travels. */
  tracking?: Tracking | undefined;
  /** The account making the move; null for the shop's own (an unpaid order's end). */
  actorEmail?: string | null;
  /** Checked under the order's lock, before any line moves: nothing moves unless it holds. */
  onlyIf?: (tx: Database, order: OrderRow) => Promise<boolean>;
}

/** Run in a move's transaction, under the order's lock, once lines moved: it may refuse the move by throwing. */
export type AfterMove = (tx: Database, order: OrderRow, move: LineMove, moved: MovedLine[]) => Promise<void>;

/** A line a move reached, as its mails show it: with its seller's name (null once the seller's account is gone). */
export type MovedLine = MailedLine & { sellerName: string | null };

/** What a move came to: the order with its status derived anew, and how many lines moved. */
export interface MovedLines {
  order: OrderRow;
  moved: number;
  /** The statuses of the lines the move could reach (the seller's, or all), after it. */
  reachable: OrderStatus[];
}

/** What taking back a shipment came to; nothing is written unless it was `taken back`. */
export type TakeBack =
  | { outcome: 'taken back'; order: OrderRow }
  /** No line of the caller's is shipped. */
  | { outcome: 'not shipped'; reachable: OrderStatus[] }
  /** Shipped longer ago than the grace period, or its mail went out (or is going): the buyer was told. */
  | { outcome: 'told' };

/** A listed order with its buyer's public identity (null for an order whose account is gone). */
export type ListedOrderRow = OrderRow & { buyer: { handle: string; name: string } | null };

/**
 * How much a process keeps of the products it last priced orders from (about 4,000 products): the placement checks
 * every line against its product, so what is kept saves a read per order and never decides a price.
 */
const PRICED_PRODUCTS_BYTES = 1024 * 1024;

/** What a priced line holds of its seller without storing it: their public identity and shipping terms. */
const checkedOnly = { seller: lineSeller, terms: lineSellerTerms };
type CheckedOnly = {
  [Group in keyof typeof checkedOnly]: { [Key in keyof (typeof checkedOnly)[Group]]: unknown } | null;
};

/** What an order copies from a product, under its lines' names, with the seller's identity and terms. */
const orderedProductColumns = { id: products.id, ...lineCopies, ...checkedOnly };

/** Each value of `checkedOnly` a line holds, under its field of the line's JSON: `<group>_<key>`. */
const checkedFields = Object.entries(checkedOnly).flatMap(([group, columns]) =>
  Object.entries(columns as Record<string, PgColumn>).map(([key, column]) => ({
    group: group as keyof typeof checkedOnly,
    key,
    column,
    field: `${group}_${key}`,
  })),
);

/**
 * Each product or seller column a priced line copied, with the field of the line's JSON that holds the copy: its
 * column's name, or `<group>_<key>` for the seller's identity and terms.
 */
const copiedColumns = [
  ...Object.entries(lineCopies).map(([key, column]) => ({
    column,
    field: orderLines[key as keyof typeof lineCopies].name,
  })),
  ...checkedFields,
];
/** The copies as the placement reads them from a line's JSON, and the two sides it compares. */
const copiedFields = sql.join(
  copiedColumns.map(({ column, field }) => sql`${sql.identifier(field)} ${sql.raw(column.getSQLType())}`),
  sql`, `,
);
const currentValues = sql.join(
  copiedColumns.map(({ column }) => column),
  sql`, `,
);
const copiedValues = sql.join(
  copiedColumns.map(({ field }) => sql`line.${sql.identifier(field)}`),
  sql`, `,
);

/** An order's columns with its buyer's public identity. */
const listedOrderColumns = { ...getTableColumns(orders), buyer: { handle: users.handle, name: users.name } };

/** A row keyed by the table's column names rather than their TypeScript names, as jsonb_populate_recordset reads it. */
function rowOfColumnNames(table: Table, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, row[key] ?? null]),
  );
}

/** The order columns a placement writes; the rest (seq, order_time) come from their defaults. */
export type PlacedOrder = Omit<NewOrderRow, 'id' | 'number' | 'seq' | 'orderTime'> &
  Pick<OrderRow, 'id' | 'number'>;

/** What the placement statement answers: the order's seq and time when placed, or why not. */
interface PlacementRow {
  seq: number | null;
  ordered_at: number | null;
  taken: string[];
  short_id: string | null;
  short_left: number | null;
  held_id: string | null;
  held_units: number | null;
  repriced: string[];
}

const value = (name: string) => sql.placeholder(name);

const noTracking: Tracking = { carrier: null, trackingNumber: null, trackingUrl: null };

/** Lines with the names of their sellers (null once a seller's account is gone). */
async function withSellerNames<Line extends { sellerEmail: string }>(
  tx: Database,
  lines: Line[],
): Promise<(Line & { sellerName: string | null })[]> {
  const sellers = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.email, [...new Set(lines.map((line) => line.sellerEmail))]));
  const sellerNameOf = (email: string) => sellers.find((seller) => seller.email === email)?.name ?? null;
  return lines.map((line) => ({ ...line, sellerName: sellerNameOf(line.sellerEmail) }));
}

/** Lines grouped by their seller, in the order their sellers first come. */
function bySeller<Line extends { sellerEmail: string }>(lines: Line[]): Line[][] {
  const groups = new Map<string, Line[]>();
  for (const line of lines) groups.set(line.sellerEmail, [...(groups.get(line.sellerEmail) ?? []), line]);
  return [...groups.values()];
}

/** The units of one product a buyer may hold in orders not yet shipped, unless the shop says otherwise. */
export const UNITS_HELD_PER_PRODUCT_DEFAULT = 99;

/**
 * Places an order in one statement (one round trip: a counted product's row stays locked for this statement
 * only), prepared once for `db`. It locks the order's counted products in id order (orders locking them so never
 * deadlock) and reads their stock under the lock; when each line still copies its product as the statement sees it,
 * each counted product has the units wanted, the buyer's unshipped orders with this one hold at most `holdLimit`
 * units of each product and the user has no order with the idempotency key yet, it inserts the
 * order, takes the units, inserts the lines, noting which took stock, and the mails. Otherwise it writes nothing
 * and tells why.
 */
function orderPlacement(db: Database, { lockBuyer }: { lockBuyer: boolean }) {
  const place = prepareRows<PlacementRow>(
    db,
    'place_order',
    sql`with wanted as (
      select * from jsonb_to_recordset(${value('units')}::jsonb) as w(id uuid, units integer)
    ), counted as (
      -- LockRows runs above the sort: the rows are locked in id order. NO KEY UPDATE (what changing the stock
      -- takes) leaves the key share that a line's foreign key takes free: see moveLines. The ids as an array: with
      -- a join, the planner reads every product when few count their stock.
      select ${products.id} as id, ${products.stock} as stock from ${products}
      where ${products.id} = any(array(select id from wanted)) and ${products.stock} is not null
      order by ${products.id}
      for no key update
    ), short as (
      select counted.id, counted.stock from counted join wanted using (id)
      where counted.stock < wanted.units
      order by counted.id
      limit 1
    ), held as (
      -- What the buyer's orders not yet shipped hold of these products: from the buyer's processing orders, so
      -- that a buyer with many past orders reads only the open ones.
      select ${orderLines.productId} as id, sum(${orderLines.quantity})::int as units
      from ${orders} join ${orderLines} on ${orderLines.orderId} = ${orders.id}
      where ${orders.userEmail} = ${value('userEmail')} and ${orders.status} = 'processing'
        and ${orderLines.status} = 'processing' and ${orderLines.productId} = any(array(select id from wanted))
      group by ${orderLines.productId}
    ), over_held as (
      select wanted.id, coalesce(held.units, 0) as held from wanted left join held using (id)
      where coalesce(held.units, 0) + wanted.units > ${value('holdLimit')}::int
      order by wanted.id
      limit 1
    ), repriced as (
      -- Lines priced from a product as the shop last read it: those whose product has since changed or gone.
      select line.product_id as id
      from jsonb_to_recordset(${value('lines')}::jsonb) as line(product_id uuid, ${copiedFields})
      left join ${products} on ${products.id} = line.product_id
      left join ${users} on ${users.id} = ${products.sellerId}
      where ${users.id} is null
        or (${currentValues}) is distinct from (${copiedValues})
    ), header as (
      insert into ${orders} (id, number, user_email, name, email, phone, address, payment_method, total_cents,
        status, idempotency_key, request_digest)
      select ${value('id')}::uuid, ${value('number')}::bigint, ${value('userEmail')}, ${value('name')}, ${value('email')}, ${value('phone')},
        ${value('address')}, ${value('paymentMethod')}, ${value('totalCents')}::bigint, ${value('status')},
        ${value('idempotencyKey')}::text, ${value('requestDigest')}::text
      where not exists (select 1 from short) and not exists (select 1 from over_held)
        and not exists (select 1 from repriced)
      on conflict (user_email, idempotency_key) do nothing
      returning seq, order_time
    ), taken as (
      -- From the stock read under the lock: the row as this statement began to see it may be older (a cancellation
      -- since put units back), and the constraint products_stock_nonnegative is checked on what that would give.
      update ${products} set stock = counted.stock - wanted.units
      from counted join wanted using (id)
      where ${products.id} = counted.id and exists (select 1 from header)
      returning ${products.id} as id
    ), inserted_lines as (
      insert into ${orderLines}
      select line.*
      from header, jsonb_array_elements(${value('lines')}::jsonb) as given(line_row),
        jsonb_populate_record(null::${orderLines}, given.line_row || jsonb_build_object('stock_taken',
          exists (select 1 from taken where taken.id = (given.line_row ->> 'product_id')::uuid))) as line
    ), mails as (
      ${shopMailsInsert(value('mails'), sql`exists (select 1 from header)`)}
    ), inserted_parts as (
      insert into ${orderParts} (order_id, seller_email, shipping_cents)
      select ${value('id')}::uuid, part.seller_email, part.shipping_cents
      from header, jsonb_to_recordset(${value('parts')}::jsonb) as part(seller_email text, shipping_cents integer)
    )
    select (select seq from header)::float8 as seq,
      (select extract(epoch from order_time) * 1000 from header)::float8 as ordered_at,
      array(select id::text from taken) as taken,
      (select id::text from short) as short_id, (select stock from short) as short_left,
      (select id::text from over_held) as held_id, (select held from over_held) as held_units,
      array(select id::text from repriced) as repriced`,
  );

  const nextOrderNumber = prepareRows<{ number: number }>(
    db,
    'next_order_number',
    sql`select nextval('order_numbers')::float8 as number`,
  );
  const lockBuyerNextOrderNumber = prepareRows<{ number: number }>(
    db,
    'lock_buyer_next_order_number',
    sql`select pg_advisory_xact_lock(hashtextextended(${value('lockKey')}, 0)), nextval('order_numbers')::float8 as number`,
  );

  /**
   * Draws the order's number and runs `placeNumbered` with it. The buyer's orders are placed one at a time: the next
   * one's statement then sees what the last one holds. The number is drawn before the statement, so that its mails
   * carry it: an order not placed leaves a gap, never a reuse.
   */
  const oneBuyerAtATime = async <T>(
    userEmail: string,
    placeNumbered: (number: number, tx?: Database) => Promise<T>,
  ): Promise<T> => {
    if (!lockBuyer) return placeNumbered(numberOf(await nextOrderNumber({})));
    return db.transaction(async (tx) => {
      const drawn = await lockBuyerNextOrderNumber({ lockKey: `bazaar:orders:${userEmail}` }, tx);
      return placeNumbered(numberOf(drawn), tx);
    });
  };

  return async (
    unnumbered: Omit<PlacedOrder, 'number'>,
    lines: (NewOrderLineRow & CheckedOnly)[],
    shipping: ReadonlyMap<string, number>,
    mailsOf: (order: PlacedOrder) => OutgoingMail[],
    holdLimit: number,
  ): Promise<Placement> => {
    const status = unnumbered.status ?? 'processing';
    const idempotencyKey = unnumbered.idempotencyKey ?? null;
    const requestDigest = unnumbered.requestDigest ?? null;
    // Lines, units and mails travel as JSON parameters, read back as rows.
    const values = {
      holdLimit,
      units: JSON.stringify(unitsPerProduct(lines).map(([id, units]) => ({ id, units }))),
      ...unnumbered,
      status,
      idempotencyKey,
      requestDigest,
      // With the seller's identity and terms the line was priced with, which the statement checks.
      lines: JSON.stringify(
        lines.map((line) => ({
          ...rowOfColumnNames(orderLines, { ...line, orderId: unnumbered.id }),
          ...Object.fromEntries(
            checkedFields.map(({ group, key, field }) => [
              field,
              (line[group] as Record<string, unknown> | null)?.[key] ?? null,
            ]),
          ),
        })),
      ),
      parts: JSON.stringify(
        [...shipping].map(([sellerEmail, shippingCents]) => ({
          seller_email: sellerEmail,
          shipping_cents: shippingCents,
        })),
      ),
    };
    const { order, mails, row } = await oneBuyerAtATime(unnumbered.userEmail, async (number, tx) => {
      const numbered = { ...unnumbered, number };
      const queued = mailsOf(numbered);
      const [answer] = await place({ ...values, number, mails: JSON.stringify(queued) }, tx);
      return { order: numbered, mails: queued, row: answer };
    });
    if (!row) throw new Error('the order statement answered no row');
    if (row.repriced.length > 0) return { outcome: 'repriced', productIds: row.repriced };
    if (row.seq === null || row.ordered_at === null) {
      if (row.short_id !== null)
        return { outcome: 'short', productId: row.short_id, left: row.short_left ?? 0 };
      if (row.held_id !== null) {
        const held = row.held_units ?? 0;
        return { outcome: 'held', productId: row.held_id, held, mayAdd: Math.max(0, holdLimit - held) };
      }
      return { outcome: 'key used' };
    }
    if (mails.length > 0) outboxEvents.emit('queued');
    const taken = new Set(row.taken);
    return {
      outcome: 'placed',
      order: {
        ...order,
        status,
        idempotencyKey,
        requestDigest,
        seq: row.seq,
        orderTime: new Date(row.ordered_at),
      },
      lines: lines.map((line) => ({
        ...line,
        stockTaken: line.productId !== null && taken.has(line.productId),
      })),
    };
  };
}

export interface OrdersRepositoryOptions {
  /** The units of one product a buyer may hold in orders not yet shipped (UNITS_HELD_PER_PRODUCT). */
  unitsHeldPerProduct?: number;
  /**
   * Whether a buyer's placements wait for each other (an advisory lock per buyer): needed on PostgreSQL, where
   * two at once would each count the other's units out; PGlite runs one statement at a time.
   */
  lockBuyer?: boolean;
  afterMove?: AfterMove;
}

export function createOrdersRepository(
  db: Database,
  {
    unitsHeldPerProduct = UNITS_HELD_PER_PRODUCT_DEFAULT,
    lockBuyer = true,
    afterMove,
  }: OrdersRepositoryOptions = {},
) {
  // Prepared once: every order asks it, and drizzle would build its SQL again each time.
  const productsByIds = db
    .select(orderedProductColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('order_products_by_ids');
  const insertOrder = orderPlacement(db, { lockBuyer });
  type OrderedProduct = Awaited<ReturnType<typeof productsByIds.execute>>[number];
  const pricedProducts = createByteLru<OrderedProduct>(PRICED_PRODUCTS_BYTES);

  const repository = {
    /**
     * The products of an order, with what its lines keep of them: as this process last read them, the others from
     * the database. `placeOrder` refuses lines whose product has changed since, and forgets it.
     */
    async findProducts(ids: string[], { fresh = false } = {}): Promise<OrderedProduct[]> {
      const known = fresh ? [] : ids.flatMap((id) => pricedProducts.get(id) ?? []);
      const missing = ids.filter((id) => !known.some((product) => product.id === id));
      const read = missing.length === 0 ? [] : await productsByIds.execute({ ids: missing });
      for (const product of read) pricedProducts.set(product.id, product, JSON.stringify(product).length);
      return [...known, ...read];
    },

    async findById(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
      return row;
    },

    /** An order, by its id or its number, with its buyer's public identity, as lists show it. */
    async findListed(key: { id: string } | { number: number }): Promise<ListedOrderRow | undefined> {
      const [row] = await db
        .select(listedOrderColumns)
        .from(orders)
        .leftJoin(users, eq(users.email, orders.userEmail))
        .where('id' in key ? eq(orders.id, key.id) : eq(orders.number, key.number))
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
     * Places an order, taking each product's units from its stock where the seller counts it. Nothing is written
     * when a line's product has changed since it was priced (`repriced`), a product has too few units (`short`),
     * the buyer would hold more of a product than the limit in unshipped orders (`held`) or the user already has
     * an order with the idempotency key (`key used`); on PostgreSQL a concurrent order for the same counted products or key waits for the first. The
     * placed lines are the priced ones, in their order. The mails `mailsOf` makes of the order and its lines are
     * queued with them.
     */
    /** Places an order whose lines keep the shop's commission now (`commissionBasisPoints`), frozen. */
    async placeOrder(
      {
        commissionBasisPoints,
        ...order
      }: Omit<PlacedOrder, 'id' | 'number'> & { commissionBasisPoints: number },
      priced: PricedLine[],
      shipping: ReadonlyMap<string, number>,
      mailsOf: (order: PlacedOrder, lines: NewOrderLineRow[]) => OutgoingMail[],
    ): Promise<Placement> {
      const lines = priced.map((line) => ({
        ...line,
        stockTaken: false,
        status: 'processing' as const,
        cancelledBy: null,
        cancelReason: null,
        carrier: null,
        trackingNumber: null,
        trackingUrl: null,
        shippedAt: null,
        commissionBasisPoints,
        commissionCents: commissionCents(line.lineTotalCents, commissionBasisPoints),
      }));
      const placement = await insertOrder(
        { ...order, id: randomUUID() },
        lines,
        shipping,
        (placed) => mailsOf(placed, lines),
        unitsHeldPerProduct,
      );
      if (placement.outcome === 'repriced') {
        for (const id of placement.productIds) pricedProducts.delete(id);
      }
      return placement;
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

    /** What each seller's part of these orders was charged to ship. */
    shippingOf(orderIds: string[], sellerEmail?: string): Promise<PartShippingRow[]> {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          orderId: orderParts.orderId,
          sellerEmail: orderParts.sellerEmail,
          shippingCents: orderParts.shippingCents,
        })
        .from(orderParts)
        .where(
          and(
            inArray(orderParts.orderId, orderIds),
            sellerEmail === undefined ? undefined : eq(orderParts.sellerEmail, sellerEmail),
          ),
        );
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
     * took from stock: only the statement that moved a line does it, so each line's units come back once. The mails
     * `mailsOf` makes of the order and the lines that moved are queued in the same transaction.
     */
    moveLines(
      orderId: string,
      move: LineMove,
      mailsOf: (order: OrderRow, moved: MovedLine[]) => OutgoingMail[],
    ): Promise<MovedLines | undefined> {
      const { sellerEmail, from, to, by, reason, onlyIf } = move;
      return db.transaction(async (tx) => {
        const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!locked) return undefined;
        if (onlyIf && !(await onlyIf(tx, locked))) return { order: locked, moved: 0, reachable: [] };
        if (to === 'cancelled') {
          // Deleting a product locks it, then its lines (ON DELETE SET NULL); a cancellation that put units back
          // after locking lines could deadlock with it, so it locks the products first, in id order. NO KEY UPDATE,
          // not UPDATE: an order placed meanwhile holds its counted products and takes a key share of each product
          // its lines name, which UPDATE would block, one of them perhaps a product this cancellation holds.
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
            .for('no key update');
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
                .set({
                  status: to,
                  ...(to === 'cancelled' ? { cancelledBy: by, cancelReason: reason ?? null } : {}),
                  ...(to === 'shipped' ? { ...noTracking, ...move.tracking, shippedAt: sql`now()` } : {}),
                  ...(to === 'processing' ? { ...noTracking, shippedAt: null } : {}),
                })
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
        const lines = await tx
          .select({ sellerEmail: orderLines.sellerEmail, status: orderLines.status })
          .from(orderLines)
          .where(eq(orderLines.orderId, orderId));
        const reachable = lines
          .filter((line) => sellerEmail === undefined || line.sellerEmail === sellerEmail)
          .map((line) => line.status);
        if (moved.length === 0) return { order: locked, moved: 0, reachable };
        const movedLines = await withSellerNames(tx, moved);
        await queueShopMails(tx, mailsOf(locked, movedLines));
        await afterMove?.(tx, locked, move, movedLines);
        const [order] = await tx
          .update(orders)
          .set({ status: orderStatusOf(lines.map((line) => line.status)) })
          .where(eq(orders.id, orderId))
          .returning();
        return { order: order ?? locked, moved: moved.length, reachable };
      });
    },

    /**
     * Moves the shipped lines `sellerEmail` reaches (every one when undefined) back to processing, withdrawing the
     * buyer's mails of them, while the buyer has not been told: every such line was shipped within the last
     * `graceSeconds` and no mail of it has gone to a sender. Under the order's lock, as every move (`moveLines`); a
     * sender claiming the mail at once waits for it, or it for the sender. Undefined when there is no such order.
     */
    async takeBack(
      orderId: string,
      sellerEmail: string | undefined,
      graceSeconds: number,
    ): Promise<TakeBack | undefined> {
      let told = false;
      let statuses: OrderStatus[] = [];
      const onlyIf = async (tx: Database) => {
        const lines = await tx
          .select({
            sellerEmail: orderLines.sellerEmail,
            status: orderLines.status,
            recent: sql<boolean>`coalesce(${orderLines.shippedAt} > now() - ${`${graceSeconds} seconds`}::interval, false)`,
          })
          .from(orderLines)
          .where(
            and(
              eq(orderLines.orderId, orderId),
              sellerEmail === undefined ? undefined : eq(orderLines.sellerEmail, sellerEmail),
            ),
          );
        statuses = lines.map((line) => line.status);
        const shipped = lines.filter((line) => line.status === 'shipped');
        if (shipped.length === 0) return false;
        const keys = [...new Set(shipped.map((line) => shippedMailKey(orderId, line.sellerEmail)))];
        told = shipped.some((line) => !line.recent) || !(await withdrawHeldMails(tx, keys));
        return !told;
      };
      const moved = await repository.moveLines(
        orderId,
        { sellerEmail, from: ['shipped'], to: 'processing', by: 'seller', onlyIf },
        () => [],
      );
      if (!moved) return undefined;
      if (told) return { outcome: 'told' };
      if (moved.moved === 0) return { outcome: 'not shipped', reachable: statuses };
      return { outcome: 'taken back', order: moved.order };
    },

    /**
     * Sets the tracking of the shipped lines `sellerEmail` reaches (every one when undefined). The buyer's mail of
     * each part's shipment, if it still waits, says the new tracking (`mailsOf(..., 'waiting')`); once it went, the
     * buyer gets a mail of the correction (`'corrected'`). Undefined when there is no such order, 0 lines when none
     * is shipped.
     */
    retrack(
      orderId: string,
      sellerEmail: string | undefined,
      tracking: Tracking,
      mailsOf: (order: OrderRow, lines: MovedLine[], news: 'waiting' | 'corrected') => OutgoingMail,
    ): Promise<{ order: OrderRow; lines: number; reachable: OrderStatus[] } | undefined> {
      return db.transaction(async (tx) => {
        const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!locked) return undefined;
        const reached = and(
          eq(orderLines.orderId, orderId),
          sellerEmail === undefined ? undefined : eq(orderLines.sellerEmail, sellerEmail),
        );
        const retracked = await tx
          .update(orderLines)
          .set(tracking)
          .where(and(reached, eq(orderLines.status, 'shipped')))
          .returning({
            sellerEmail: orderLines.sellerEmail,
            name: orderLines.name,
            quantity: orderLines.quantity,
            lineTotalCents: orderLines.lineTotalCents,
          });
        if (retracked.length === 0) {
          const statuses = await tx.select({ status: orderLines.status }).from(orderLines).where(reached);
          return { order: locked, lines: 0, reachable: statuses.map((line) => line.status) };
        }
        const lines = await withSellerNames(tx, retracked);
        for (const part of bySeller(lines)) {
          const key = shippedMailKey(orderId, part[0]?.sellerEmail ?? '');
          const rewritten = await rewriteHeldMail(tx, key, mailsOf(locked, part, 'waiting'));
          if (!rewritten) await queueShopMails(tx, [mailsOf(locked, part, 'corrected')]);
        }
        return { order: locked, lines: lines.length, reachable: ['shipped'] };
      });
    },
  };
  return repository;
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
