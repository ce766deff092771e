import { PagedList } from '../../../components/paged-list.tsx';
import { useViewer } from '../../auth/public.ts';
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
  const { user, profile, isAdmin } = useViewer();
  const orders = useInfiniteOrders();

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Orders</h1>
        {profile && (
          <p className="text-gray-600">{isAdmin ? 'Every order in the shop.' : 'The orders you placed.'}</p>
        )}
      </div>
      <PagedList list={orders} noun="orders" emptyTitle="No Orders Found" className="flex flex-col gap-4">
        {(items) => (
          // Focusable so that keyboard users can scroll the table sideways on small screens.
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
        )}
      </PagedList>
    </div>
  );
}
