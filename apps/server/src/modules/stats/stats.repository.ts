import { sql, type SQL } from 'drizzle-orm';
import { LOW_STOCK } from '@bazaar/shared/products';
import { queryRows, type Database } from '../../db/client.ts';
import {
  categories,
  orderLines,
  orders,
  PAYMENTS_RECORDED_SINCE,
  paymentEvents,
  products,
  settings,
  users,
} from '../../db/schema.ts';

/**
 * Whose figures to add up: the whole shop, or one seller's: their products (by user id) and their order lines (by
 * the account e-mail the lines keep).
 */
export interface StatsScope {
  seller?: { id: string; email: string };
}

// Aggregates come back as bigint or numeric, which the drivers hand over as text: the service converts.
type Figure = number | string;

export interface CatalogFigures {
  products: Figure;
  categories: Figure;
  users: Figure;
}
export interface SalesFigures {
  orders: Figure;
  revenue_cents: Figure;
  buyers: Figure;
}
export interface WorkFigures {
  to_ship: Figure;
  low_stock: Figure;
}
export interface MonthFigures {
  month: string;
  units: Figure;
  revenue_cents: Figure;
}
export interface WeekFigures {
  week: Figure;
  units: Figure;
  revenue_cents: Figure;
}

/**
 * The start of the UTC calendar month `monthsBack` months before the one holding `now`, as a timestamp
 * without time zone read in UTC: month arithmetic on it does not depend on the session's time zone.
 */
const utcMonth = (now: Date, monthsBack: number) =>
  sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC') - make_interval(months => ${monthsBack}))`;

/** A UTC timestamp as an instant, to compare with `order_time`. */
const instant = (utc: SQL) => sql`(${utc} at time zone 'UTC')`;

/** The UTC calendar date and time of an order. */
const utcOrderTime = sql`(${orders.orderTime} at time zone 'UTC')`;

/** Orders placed before payments were recorded (decision 033) have no payment events. */
const placedBeforePaymentsRecorded = sql`${orders.orderTime} < coalesce(
  (select ${settings.value}::timestamptz from ${settings} where ${settings.name} = ${PAYMENTS_RECORDED_SINCE}),
  '-infinity')`;

/**
 * A sold line whose part is paid: its order's wallet payment was accepted or its card payment confirmed, or its seller
 * collected the cash; a line of an order placed before payments were recorded once it was delivered.
 */
const paidLine = sql`(exists (select 1 from ${paymentEvents} where ${paymentEvents.orderId} = ${orders.id}
    and (${paymentEvents.kind} in ('accepted', 'card_paid')
      or (${paymentEvents.kind} = 'cash_collected' and ${paymentEvents.sellerEmail} = ${orderLines.sellerEmail})))
  or (${orderLines.status} = 'delivered' and ${placedBeforePaymentsRecorded}))`;

/** Revenue: the goods of the paid lines among those summed. */
const paidRevenueCents = sql`coalesce(sum(${orderLines.lineTotalCents}) filter (where ${paidLine}), 0)`;

/** A line its seller may ship: its order is paid on delivery, was paid, or is older than payment records. */
const shippableLine = sql`(${orders.paymentMethod} = 'cash on delivery' or ${placedBeforePaymentsRecorded}
  or exists (select 1 from ${paymentEvents} where ${paymentEvents.orderId} = ${orders.id}
    and ${paymentEvents.kind} in ('accepted', 'card_paid')))`;

/** Lines that were not cancelled, of one seller or of everyone, of orders placed in [from, to). */
function soldLines(scope: StatsScope, from?: SQL, to?: SQL): SQL {
  const conditions = [sql`${orderLines.status} <> 'cancelled'`];
  if (scope.seller !== undefined) conditions.push(sql`${orderLines.sellerEmail} = ${scope.seller.email}`);
  if (from) conditions.push(sql`${orders.orderTime} >= ${from}`);
  if (to) conditions.push(sql`${orders.orderTime} < ${to}`);
  return sql`${orderLines} join ${orders} on ${orders.id} = ${orderLines.orderId} where ${sql.join(conditions, sql` and `)}`;
}

export function createStatsRepository(db: Database) {
  return {
    /** Products, categories and users: the shop's, or the seller's products, their categories and buyers. */
    async catalog(scope: StatsScope): Promise<CatalogFigures> {
      const { seller } = scope;
      const [row] = await queryRows<CatalogFigures>(
        db,
        seller === undefined
          ? sql`select
              (select count(*) from ${products}) as products,
              (select count(*) from ${categories}) as categories,
              (select count(*) from ${users}) as users`
          : sql`select
              (select count(*) from ${products} where ${products.sellerId} = ${seller.id}) as products,
              (select count(distinct category) from ${products}, unnest(${products.categories}) as category
                where ${products.sellerId} = ${seller.id}) as categories,
              (select count(distinct ${orders.userEmail}) from ${soldLines(scope)}) as users`,
      );
      if (!row) throw new Error('the catalog figures query answered no row');
      return row;
    },

    /** Orders holding sold lines, and the revenue of their paid lines, over all time. */
    async sales(scope: StatsScope): Promise<SalesFigures> {
      const [row] = await queryRows<SalesFigures>(
        db,
        sql`select count(distinct ${orderLines.orderId}) as orders,
              ${paidRevenueCents} as revenue_cents,
              count(distinct ${orders.userEmail}) as buyers
            from ${soldLines(scope)}`,
      );
      if (!row) throw new Error('the sales figures query answered no row');
      return row;
    },

    /**
     * Orders with lines waiting to be shipped (a wallet order once paid), and products running low, of one seller
     * or of the shop.
     */
    async work(scope: StatsScope): Promise<WorkFigures> {
      const { seller } = scope;
      const [row] = await queryRows<WorkFigures>(
        db,
        sql`select
          (select count(distinct ${orderLines.orderId})
            from ${orderLines} join ${orders} on ${orders.id} = ${orderLines.orderId}
            where ${orderLines.status} = 'processing' and ${shippableLine}
            ${seller === undefined ? sql`` : sql`and ${orderLines.sellerEmail} = ${seller.email}`}) as to_ship,
          (select count(*) from ${products}
            where ${products.stock} <= ${LOW_STOCK}
            ${seller === undefined ? sql`` : sql`and ${products.sellerId} = ${seller.id}`}) as low_stock`,
      );
      if (!row) throw new Error('the work figures query answered no row');
      return row;
    },

    /** Units sold and revenue paid of each of the 12 UTC calendar months up to the one holding `now`, oldest first. */
    byMonth(scope: StatsScope, now: Date): Promise<MonthFigures[]> {
      return queryRows<MonthFigures>(
        db,
        sql`with months as (
              select generate_series(${utcMonth(now, 11)}, ${utcMonth(now, 0)}, interval '1 month') as month
            ),
            sold as (
              select date_trunc('month', ${utcOrderTime}) as month,
                sum(${orderLines.quantity}) as units, ${paidRevenueCents} as revenue_cents
              from ${soldLines(scope, instant(utcMonth(now, 11)), instant(utcMonth(now, -1)))}
              group by 1
            )
            select to_char(months.month, 'YYYY-MM') as month,
              coalesce(sold.units, 0) as units, coalesce(sold.revenue_cents, 0) as revenue_cents
            from months left join sold on sold.month = months.month
            order by months.month`,
      );
    },

    /**
     * Units and revenue of the previous UTC calendar month in four weeks: days 1–7, 8–14, 15–21 and 22 to
     * the month's end.
     */
    lastMonthByWeek(scope: StatsScope, now: Date): Promise<WeekFigures[]> {
      return queryRows<WeekFigures>(
        db,
        sql`with weeks as (select generate_series(1, 4) as week),
            sold as (
              select least((extract(day from ${utcOrderTime})::int - 1) / 7, 3) + 1 as week,
                sum(${orderLines.quantity}) as units, ${paidRevenueCents} as revenue_cents
              from ${soldLines(scope, instant(utcMonth(now, 1)), instant(utcMonth(now, 0)))}
              group by 1
            )
            select weeks.week, coalesce(sold.units, 0) as units, coalesce(sold.revenue_cents, 0) as revenue_cents
            from weeks left join sold on sold.week = weeks.week
            order by weeks.week`,
      );
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
