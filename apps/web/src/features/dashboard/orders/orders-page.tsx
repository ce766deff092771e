import { PageTitle } from '../../../components/page-title.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { useViewer } from '../../auth/public.ts';
import { useInfiniteOrders } from './api/get-orders.ts';
import { ORDER_COLUMNS, OrderRow } from './order-row.tsx';

/** The orders table: the viewer's own orders, or every order for an admin, newest first. */
export function Component() {
  const { user, profile, isAdmin } = useViewer();
  const orders = useInfiniteOrders();

  return (
    <div className="space-y-6">
      <div>
        <PageTitle name="Orders" />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Orders</h1>
        {profile && (
          <p className="text-gray-600">{isAdmin ? 'Every order in the shop.' : 'The orders you placed.'}</p>
        )}
      </div>
      <PagedList list={orders} noun="orders" emptyTitle="No Orders Found" className="flex flex-col gap-4">
        {(items) => (
          // Focusable so that keyboard users can scroll the table sideways on a tablet. On a phone the rows are
          // cards: the explicit roles keep it a table to screen readers once the table's display is changed.
          <div
            role="region"
            aria-label="Orders table"
            tabIndex={0}
            className="focus-visible:outline-2 focus-visible:outline-teal-700 md:overflow-x-auto md:rounded-2xl md:border md:border-gray-200 md:bg-white md:shadow-sm"
          >
            <table role="table" className="block w-full text-left text-sm md:table">
              <caption className="sr-only">Orders, newest first</caption>
              <thead
                role="rowgroup"
                className="sr-only bg-gray-50 text-xs font-semibold text-gray-700 uppercase md:not-sr-only"
              >
                <tr role="row">
                  {ORDER_COLUMNS.map((column) => (
                    <th key={column} role="columnheader" scope="col" className="px-3 py-3 whitespace-nowrap">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup" className="flex flex-col gap-3 md:table-row-group">
                {items.map((order) => (
                  <OrderRow key={order._id} order={order} isAdmin={isAdmin} viewerEmail={user?.email ?? ''} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
    </div>
  );
}
