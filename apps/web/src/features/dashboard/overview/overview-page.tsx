import { formatWireDollars } from '@bazaar/shared/pricing';
import type { Overview } from '@bazaar/shared/stats';
import { Link } from 'react-router';
import { textLinkClass } from '../../../components/button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Loader } from '../../../components/loader.tsx';
import { useOverview } from './api/get-overview.ts';
import { OverviewCharts } from './overview-charts.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

interface Tile {
  label: string;
  value: string;
  /** Where the tile leads, when there is a page that shows what it counts. */
  to?: string;
  /** Work waiting: its figure stands out when it is not zero. */
  waiting?: boolean;
}

function tilesOf({ scope, totals, work, money }: Overview): Tile[] {
  const tiles: Tile[] = [
    {
      label: 'To Ship',
      value: work.toShip.toLocaleString('en-US'),
      to: '/dashboard/sales?status=processing',
      waiting: work.toShip > 0,
    },
    { label: 'Low Stock', value: work.lowStock.toLocaleString('en-US'), waiting: work.lowStock > 0 },
    { label: 'Total Products', value: totals.products.toLocaleString('en-US') },
    { label: 'Total Orders', value: totals.orders.toLocaleString('en-US') },
    { label: 'Total Revenue', value: formatWireDollars(totals.revenue) },
  ];
  // The shop's accounts and categories mean something to an admin; a seller's customers are on their own page.
  if (scope === 'seller') return tiles;
  return [
    ...tiles,
    { label: 'Total Users', value: totals.users.toLocaleString('en-US') },
    { label: 'Total Categories', value: totals.categories.toLocaleString('en-US') },
    ...(money
      ? [
          { label: 'Commission Earned', value: formatWireDollars(money.commission) },
          {
            label: 'Owed to Sellers',
            value: formatWireDollars(money.owedToSellers),
            to: '/dashboard/balances',
          },
          { label: 'Sellers Owe', value: formatWireDollars(money.owedBySellers), to: '/dashboard/balances' },
        ]
      : []),
  ];
}

/** /dashboard: the shop's figures for an admin, the seller's own for everyone else. */
export function Component() {
  const { data: overview, error, refetch } = useOverview();

  return (
    <section aria-labelledby="overview-title" className="flex flex-col gap-6">
      <div>
        <PageTitle name="Overview" />
        <h1 id="overview-title" className="text-2xl font-bold">
          Overview
        </h1>
        {overview && (
          <p className="text-gray-600">
            {overview.scope === 'shop'
              ? 'The whole shop. Cancelled orders are not counted; revenue is what was paid.'
              : 'Your products, your sales and your customers. Cancelled orders are not counted; revenue is what was paid.'}
          </p>
        )}
      </div>
      {!overview ? (
        error ? (
          <ErrorState message="The overview could not be loaded." onRetry={() => void refetch()} />
        ) : (
          <Loader label="Loading the overview…" />
        )
      ) : (
        <>
          <dl className="grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-4">
            {tilesOf(overview).map((tile) => (
              <div
                key={tile.label}
                className="relative flex min-w-0 flex-col-reverse rounded-xl bg-white p-4 shadow-sm"
              >
                <dt className="text-sm text-gray-600">
                  {tile.to ? (
                    // The whole tile is the link's target; the term stays its name.
                    <Link to={tile.to} className={`${textLinkClass} after:absolute after:inset-0`}>
                      {tile.label}
                    </Link>
                  ) : (
                    tile.label
                  )}
                </dt>
                <dd
                  // A large amount wraps within its tile rather than spilling out of it.
                  className={`text-xl font-bold tabular-nums [overflow-wrap:anywhere] ${tile.waiting ? 'text-amber-700' : 'text-teal-800'}`}
                >
                  {tile.value}
                </dd>
              </div>
            ))}
          </dl>
          <OverviewCharts overview={overview} />
        </>
      )}
    </section>
  );
}
