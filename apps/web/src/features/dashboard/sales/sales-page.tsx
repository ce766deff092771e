import { useSearchParams } from 'react-router';
import { ORDER_STATUSES, type OrderStatus } from '@bazaar/shared/orders-constants';
import { PagedList } from '../../../components/paged-list.tsx';
import { useViewer } from '../../auth/public.ts';
import { useSales } from './api/get-sales.ts';
import { SaleCard } from './sale-card.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

const isStatus = (value: string | null): value is OrderStatus =>
  ORDER_STATUSES.some((status) => status === value);

/** The Sales page: the orders holding the viewer's products (an admin: every order), newest first, by status. */
export function Component() {
  const { isAdmin } = useViewer();
  // In the address, so that a reload or Back shows the same sales.
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('status');
  const status = isStatus(asked) ? asked : undefined;
  const sales = useSales(status);

  return (
    <section aria-labelledby="sales-title" className="flex flex-col gap-4">
      <PageTitle name="Sales" />
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 id="sales-title" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
            Sales
          </h1>
          <p className="text-gray-600">
            {isAdmin
              ? 'Every order in the shop, whole.'
              : 'The orders holding your products: ship your part of each.'}
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-gray-700">
          Status
          <select
            value={status ?? ''}
            onChange={(event) =>
              setSearchParams(event.target.value ? { status: event.target.value } : {}, { replace: true })
            }
            className="rounded-lg border border-gray-300 bg-white px-3 py-2 capitalize focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            <option value="">All</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      </header>
      <PagedList
        list={sales}
        noun="sales"
        emptyTitle={status ? `No ${status} sales` : 'No Sales Yet'}
        className="flex flex-col gap-4"
      >
        {(items) => items.map((sale) => <SaleCard key={sale._id} sale={sale} isAdmin={isAdmin} />)}
      </PagedList>
    </section>
  );
}
