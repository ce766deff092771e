import { useMemo } from 'react';
import type { Order } from '@bazaar/shared/orders';
import { ListState } from '../../../components/list-state.tsx';
import { useSession } from '../../auth/api/get-session.ts';
import { useUserProfile } from '../../auth/api/get-user-profile.ts';
import { useInfiniteOrders } from './api/get-orders.ts';
import { OrderRow } from './order-row.tsx';

const COLUMNS = [
  'Number',
  'Product Names',
  'Product Type',
  'Price',
  'Shipping Address',
  'Order Date',
  'Status',
] as const;

/** The orders table: the viewer's own orders, or every order for an admin, newest first. */
export function Component() {
  const { user } = useSession();
  const profile = useUserProfile(user?.email ?? null);
  const isAdmin = profile.data?.role === 'admin';
  const { data, error, refetch, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } =
    useInfiniteOrders();

  const orders = useMemo(() => {
    // An order placed while the list is open shifts later pages by one: show each order once.
    const byId = new Map<string, Order>();
    for (const page of data?.pages ?? []) for (const order of page.items) byId.set(order._id, order);
    return [...byId.values()];
  }, [data]);
  const total = data?.pages.at(-1)?.total ?? orders.length;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Orders</h1>
        {profile.data && (
          <p className="text-gray-600">{isAdmin ? 'Every order in the shop.' : 'The orders you placed.'}</p>
        )}
      </div>
      <ListState
        items={data ? orders : undefined}
        error={error}
        onRetry={() => void refetch()}
        noun="orders"
        emptyTitle="No Orders Found"
      >
        {(items) => (
          <div className="flex flex-col gap-4">
            {/* Focusable so that keyboard users can scroll the table sideways on small screens. */}
            <div
              role="region"
              aria-label="Orders table"
              tabIndex={0}
              className="overflow-x-auto rounded-2xl border border-gray-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-teal-700"
            >
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Orders, newest first</caption>
                <thead className="bg-gray-50 text-xs font-semibold text-gray-700 uppercase">
                  <tr>
                    {COLUMNS.map((column) => (
                      <th key={column} scope="col" className="px-3 py-3 whitespace-nowrap">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {items.map((order, index) => (
                    <OrderRow
                      key={order._id}
                      order={order}
                      number={index + 1}
                      isAdmin={isAdmin}
                      viewerEmail={user?.email ?? ''}
                    />
                  ))}
                </tbody>
              </table>
            </div>
            <div className="flex flex-col items-center gap-3">
              <p aria-live="polite" className="text-sm text-gray-600">
                Showing {orders.length} of {total} orders
              </p>
              {isFetchNextPageError && (
                <p role="alert" className="text-sm text-rose-700">
                  The next orders could not be loaded.
                </p>
              )}
              {hasNextPage && (
                <button
                  type="button"
                  onClick={isFetchingNextPage ? undefined : () => void fetchNextPage()}
                  aria-disabled={isFetchingNextPage}
                  className="rounded-full bg-teal-700 px-6 py-2 font-medium text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 aria-disabled:cursor-wait aria-disabled:opacity-80"
                >
                  {isFetchingNextPage ? 'Loading more…' : isFetchNextPageError ? 'Try again' : 'Load more'}
                </button>
              )}
            </div>
          </div>
        )}
      </ListState>
    </div>
  );
}
