import { ShippingIncluded } from '../../../components/order-amounts.tsx';
import { useEffect, useRef } from 'react';
import type { Sale } from '@bazaar/shared/orders';
import { formatWireDollars } from '@bazaar/shared/pricing';
import type { Customer } from '@bazaar/shared/users';
import { OrderStatusBadge } from '../../../components/order-status.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { useCustomerSales } from './api/get-customer-sales.ts';
import { Button } from '../../../components/button.tsx';
import { OrderTime } from '../../../components/order-time.tsx';

/** The server sends an order's delivery contact only while the seller has lines of it to ship or deliver. */
const NO_CONTACT = 'not shown, nothing of yours left to ship or deliver';

function OrderDetails({ order }: { order: Sale }) {
  const headingId = `order-${order._id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 p-4">
      <header className="mb-2 flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h3 id={headingId} className="font-semibold text-gray-900">
          {order.number} · <OrderTime iso={order.orderTime} />
        </h3>
        <OrderStatusBadge status={order.status} />
        <p className="ml-auto flex flex-col items-end font-semibold text-gray-900">
          Total {formatWireDollars(order.totalPrice)}
          <ShippingIncluded shipping={order.shipping} />
        </p>
      </header>
      <p className="mb-3 text-sm text-gray-700">Ship to: {order.address ?? NO_CONTACT}</p>
      <table className="w-full text-left text-sm">
        <thead className="text-gray-600">
          <tr>
            <th scope="col" className="py-1 font-medium">
              Product
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Quantity
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Line total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.products.map((line, position) => (
            <tr key={position} className="border-t border-gray-100">
              <td className="py-1">{line.name}</td>
              <td className="py-1 text-right">{line.quantity}</td>
              <td className="py-1 text-right">{formatWireDollars(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}

/** A modal listing a customer's orders of the viewer's products; closes with its button or Escape. */
export function CustomerOrdersDialog({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const orders = useCustomerSales(customer.handle);

  useEffect(() => {
    const dialog = dialogRef.current;
    // Development's double effect run would open it twice.
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog
      ref={dialogRef}
      onClose={onClose}
      aria-labelledby="customer-orders-title"
      className="m-auto max-h-[85vh] w-full max-w-2xl overflow-y-auto rounded-xl bg-white p-0 shadow-xl backdrop:bg-gray-900/50"
    >
      <header className="sticky top-0 flex items-start gap-4 border-b border-gray-200 bg-white p-4">
        <div className="min-w-0">
          <h2 id="customer-orders-title" className="text-xl font-bold text-gray-900">
            Orders of {customer.name}
          </h2>
          <p className="truncate text-sm text-gray-600">@{customer.handle}</p>
        </div>
        <Button variant="secondary" size="sm" className="ml-auto" onClick={() => dialogRef.current?.close()}>
          Close
        </Button>
      </header>
      <div className="p-4">
        <PagedList list={orders} noun="orders" emptyTitle="No Orders Found" className="flex flex-col gap-4">
          {(items) => items.map((order) => <OrderDetails key={order._id} order={order} />)}
        </PagedList>
      </div>
    </dialog>
  );
}
