import type { Overview } from '@bazaar/shared/stats';
import { centsToDollars } from '@bazaar/shared/pricing';
import type { Viewer } from '../auth/auth.module.ts';
import type { ShopTotals } from '../earnings/earnings.module.ts';
import type { StatsRepository, StatsScope } from './stats.repository.ts';

export function createStatsService(
  repository: StatsRepository,
  clock: () => Date,
  shopTotals: () => Promise<ShopTotals>,
) {
  return {
    /** The dashboard's figures: shop-wide for an admin, the viewer's own products and sales for anyone else. */
    async overview(viewer: Viewer): Promise<Overview> {
      const scope: StatsScope = viewer.isAdmin
        ? {}
        : { seller: { id: viewer.id, email: viewer.email.toLowerCase() } };
      const now = clock();
      const [catalog, sales, work, months, weeks, money] = await Promise.all([
        repository.catalog(scope),
        repository.sales(scope),
        repository.work(scope),
        repository.byMonth(scope, now),
        repository.lastMonthByWeek(scope, now),
        viewer.isAdmin ? shopTotals() : null,
      ]);
      return {
        scope: viewer.isAdmin ? 'shop' : 'seller',
        totals: {
          products: Number(catalog.products),
          orders: Number(sales.orders),
          revenue: centsToDollars(Number(sales.revenue_cents)),
          users: Number(catalog.users),
          categories: Number(catalog.categories),
        },
        work: { toShip: Number(work.to_ship), lowStock: Number(work.low_stock) },
        revenueByMonth: months.map((row) => ({
          month: row.month,
          revenue: centsToDollars(Number(row.revenue_cents)),
        })),
        salesByMonth: months.map((row) => ({ month: row.month, units: Number(row.units) })),
        lastMonthByWeek: weeks.map((row) => ({
          week: `Week ${row.week}`,
          units: Number(row.units),
          revenue: centsToDollars(Number(row.revenue_cents)),
        })),
        money: money && {
          commission: centsToDollars(money.commissionCents),
          owedToSellers: centsToDollars(money.owedToSellersCents),
          owedBySellers: centsToDollars(money.owedBySellersCents),
        },
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
