import { useCallback, useState } from 'react';
import type { Customer } from '@bazaar/shared/users';
import { Avatar } from '../../../components/avatar.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { useCustomers } from './api/get-customers.ts';
import { CustomerOrdersDialog } from './customer-orders-dialog.tsx';
import { Button } from '../../../components/button.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

const checkboxClass = 'size-4 accent-teal-700';
/** A cell: on a phone a line of its row's card, named by its column (`data-label`), in the table from `md` up. */
const cellClass =
  'py-1 before:mr-3 before:text-xs before:font-semibold before:text-gray-500 before:uppercase before:content-[attr(data-label)] md:table-cell md:p-3 md:before:content-none';

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
          // On a phone each customer is a card; the explicit roles keep it a table to screen readers (see Orders).
          <div
            role="region"
            aria-label="Customers table"
            tabIndex={0}
            className="focus-visible:outline-2 focus-visible:outline-teal-700 md:overflow-x-auto md:rounded-xl md:bg-white md:shadow-sm"
          >
            <table role="table" className="block w-full text-left text-sm md:table">
              <thead role="rowgroup" className="bg-gray-50 text-gray-700 max-md:block">
                <tr
                  role="row"
                  className="max-md:flex max-md:items-center max-md:gap-3 max-md:rounded-xl max-md:px-4"
                >
                  <th role="columnheader" scope="col" className="p-3 max-md:px-0">
                    <label className="flex items-center gap-2">
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
                      {/* On a phone the column names are hidden: the box says what it does. */}
                      <span aria-hidden="true" className="font-medium md:hidden">
                        Select all
                      </span>
                    </label>
                  </th>
                  {COLUMNS.map((column) => (
                    <th
                      key={column}
                      role="columnheader"
                      scope="col"
                      className="p-3 font-semibold max-md:sr-only"
                    >
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup" className="mt-3 flex flex-col gap-3 md:table-row-group">
                {items.map((customer) => (
                  <tr
                    key={customer.handle}
                    role="row"
                    className="grid grid-cols-[auto_auto_1fr] items-center gap-x-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm md:table-row md:rounded-none md:border-x-0 md:border-b-0 md:border-gray-100 md:p-0 md:align-middle md:shadow-none"
                  >
                    <td role="cell" className="md:p-3">
                      <input
                        type="checkbox"
                        aria-label={`Select ${customer.name} (@${customer.handle})`}
                        className={checkboxClass}
                        checked={selected.has(customer.handle)}
                        onChange={() => toggle(customer.handle)}
                      />
                    </td>
                    <td role="cell" className="md:p-3">
                      <span className="block size-10 overflow-hidden rounded-full">
                        <Avatar pictures={[customer.img, customer.image]} />
                      </span>
                    </td>
                    <th
                      role="rowheader"
                      scope="row"
                      className="min-w-0 font-medium break-words text-gray-900 md:p-3"
                    >
                      {customer.name}
                    </th>
                    <td
                      role="cell"
                      data-label={COLUMNS[2]}
                      className={`col-span-3 text-gray-700 [overflow-wrap:anywhere] ${cellClass}`}
                    >
                      @{customer.handle}
                    </td>
                    <td role="cell" data-label={COLUMNS[3]} className={`col-span-3 ${cellClass}`}>
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
