import { useCallback, useState } from 'react';
import type { Customer } from '@bazaar/shared/users';
import { Avatar } from '../../../components/avatar.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { useCustomers } from './api/get-customers.ts';
import { CustomerOrdersDialog } from './customer-orders-dialog.tsx';
import { Button } from '../../../components/button.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

const checkboxClass = 'size-4 accent-teal-700';

// The handle stands where the spec shows the e-mail: sellers never get their customers' e-mails. Nor the phone and
// address of their profiles: where to send an order is on the order itself (Details, Sales), while it is to ship.
const COLUMNS = ['Avatar', 'Name', 'Handle (ID)', 'Orders'] as const;

/** The customers table: every user for an admin, the buyers of the viewer's products otherwise. */
export function Component() {
  const customerList = useCustomers();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [detailsOf, setDetailsOf] = useState<Customer | null>(null);
  const closeDetails = useCallback(() => setDetailsOf(null), []);

  const customers = customerList.items ?? [];
  const selectedCount = customers.filter((customer) => selected.has(customer.handle)).length;
  const allSelected = customers.length > 0 && selectedCount === customers.length;

  function toggle(handle: string) {
    setSelected((handles) => {
      const next = new Set(handles);
      if (!next.delete(handle)) next.add(handle);
      return next;
    });
  }

  return (
    <section aria-labelledby="customers-title" className="flex flex-col gap-4">
      <PageTitle name="Customers" />
      <header className="flex flex-wrap items-end justify-between gap-2">
        <h1 id="customers-title" className="text-2xl font-bold tracking-tight text-gray-900">
          Customers
        </h1>
        <p aria-live="polite" className="text-sm text-gray-600">
          {selectedCount} selected
        </p>
      </header>
      <PagedList list={customerList} noun="customers" emptyTitle="No Customers Found">
        {(items) => (
          <div className="overflow-x-auto rounded-xl bg-white shadow-sm">
            <table className="w-full text-left text-sm">
              <thead className="bg-gray-50 text-gray-700">
                <tr>
                  <th scope="col" className="p-3">
                    <input
                      type="checkbox"
                      aria-label="Select all customers"
                      className={checkboxClass}
                      checked={allSelected}
                      // Some but not all: shown as a dash.
                      ref={(node) => {
                        if (node) node.indeterminate = selectedCount > 0 && !allSelected;
                      }}
                      onChange={() =>
                        setSelected(
                          allSelected ? new Set() : new Set(items.map((customer) => customer.handle)),
                        )
                      }
                    />
                  </th>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="p-3 font-semibold">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {items.map((customer) => (
                  <tr key={customer.handle} className="border-t border-gray-100 align-middle">
                    <td className="p-3">
                      <input
                        type="checkbox"
                        aria-label={`Select ${customer.name} (@${customer.handle})`}
                        className={checkboxClass}
                        checked={selected.has(customer.handle)}
                        onChange={() => toggle(customer.handle)}
                      />
                    </td>
                    <td className="p-3">
                      <span className="block size-10 overflow-hidden rounded-full">
                        <Avatar pictures={[customer.img, customer.image]} />
                      </span>
                    </td>
                    <th scope="row" className="p-3 font-medium text-gray-900">
                      {customer.name}
                    </th>
                    <td className="p-3 text-gray-700">@{customer.handle}</td>
                    <td className="p-3">
                      <Button variant="outline" size="sm" onClick={() => setDetailsOf(customer)}>
                        Details<span className="sr-only"> of {customer.name}</span>
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
      {detailsOf && <CustomerOrdersDialog customer={detailsOf} onClose={closeDetails} />}
    </section>
  );
}
