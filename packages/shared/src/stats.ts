import { z } from 'zod';

/** Whose figures an overview shows: the whole shop (an admin) or the viewer's own products and sales. */
export const OVERVIEW_SCOPES = ['shop', 'seller'] as const;

const count = z.number().int().min(0);
/** Dollars with two decimals. */
const dollars = z.number().min(0);

/**
 * `GET /api/stats/overview`: the dashboard's tiles and charts, computed from the database. Cancelled orders
 * count nowhere. Months are calendar months in UTC, `YYYY-MM`, oldest first, ending with the current one.
 */
export const OverviewSchema = z.object({
  scope: z.enum(OVERVIEW_SCOPES),
  totals: z.object({
    /** Shop: every product. Seller: the products they added. */
    products: count,
    /** Shop: every order. Seller: the orders holding at least one of their products. */
    orders: count,
    /** Shop: the sum of order totals. Seller: the sum of their lines' totals. */
    revenue: dollars,
    /** Shop: every account. Seller: the distinct buyers of their products. */
    users: count,
    /** Shop: every category. Seller: the distinct categories of their products. */
    categories: count,
  }),
  /** What needs the viewer's hand: the shop's, or for a seller their own. */
  work: z.object({
    /** Orders holding lines still processing: the seller's own lines, or any line for the shop. */
    toShip: count,
    /** Products whose stock is counted and at most LOW_STOCK (out of stock included). */
    lowStock: count,
  }),
  /** The last 12 months: revenue per month. */
  revenueByMonth: z.array(z.object({ month: z.string(), revenue: dollars })).length(12),
  /** The last 12 months: units sold per month. */
  salesByMonth: z.array(z.object({ month: z.string(), units: count })).length(12),
  /**
   * The previous calendar month in four weeks: days 1–7, 8–14, 15–21 and 22 to the month's end, labelled
   * Week 1 to Week 4, with the units sold and the revenue of each.
   */
  lastMonthByWeek: z.array(z.object({ week: z.string(), units: count, revenue: dollars })).length(4),
  /**
   * The shop's money with its sellers (an admin's overview only; null for a seller's): the commission it earned on
   * delivered sales, net of reversals; the sellers' positive balances, which it owes them; and what sellers owe it
   * (the commission of cash sales beyond their credit).
   */
  money: z.object({ commission: z.number(), owedToSellers: dollars, owedBySellers: dollars }).nullable(),
});
export type Overview = z.infer<typeof OverviewSchema>;

/** `GET /api/stats/overview` takes no parameters; any sent is refused, so a typo does not go unnoticed. */
export const OverviewQuerySchema = z.strictObject({});
