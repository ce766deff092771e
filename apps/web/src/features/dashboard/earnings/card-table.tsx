import type { ReactNode } from 'react';

/** A cell: on a phone a line of its row's card, named by its column (`data-label`), in the table from `md` up. */
const cellClass =
  'py-1 before:mr-3 before:text-xs before:font-semibold before:text-gray-500 before:uppercase before:content-[attr(data-label)] md:table-cell md:p-3 md:before:content-none';

export interface CardTableRow {
  key: string;
  /** One per column: the first heads its row. */
  cells: ReactNode[];
}

/**
 * A table that becomes a card per row on a phone (as the customers table does); the explicit roles keep it a table to
 * screen readers. Columns named in `numeric` are right-aligned amounts.
 */
export function CardTable({
  label,
  columns,
  numeric = [],
  rows,
}: {
  label: string;
  columns: readonly string[];
  numeric?: readonly string[];
  rows: CardTableRow[];
}) {
  const align = (column: string) => (numeric.includes(column) ? 'tabular-nums md:text-right' : '');
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="focus-visible:outline-2 focus-visible:outline-teal-700 md:overflow-x-auto md:rounded-xl md:bg-white md:shadow-sm"
    >
      <table role="table" className="block w-full text-left text-sm md:table">
        <thead role="rowgroup" className="bg-gray-50 text-gray-700 max-md:sr-only">
          <tr role="row">
            {columns.map((column) => (
              <th
                key={column}
                role="columnheader"
                scope="col"
                className={`p-3 font-semibold ${align(column)}`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="flex flex-col gap-3 md:table-row-group">
          {rows.map(({ key, cells }) => (
            <tr
              key={key}
              role="row"
              className="flex flex-col rounded-xl border border-gray-200 bg-white p-4 shadow-sm md:table-row md:rounded-none md:border-x-0 md:border-b-0 md:border-gray-100 md:p-0 md:shadow-none"
            >
              {cells.map((cell, index) => {
                const column = columns[index] ?? '';
                return index === 0 ? (
                  <th
                    key={column}
                    role="rowheader"
                    scope="row"
                    className="pb-1 font-medium text-gray-900 md:p-3"
                  >
                    {cell}
                  </th>
                ) : (
                  <td
                    key={column}
                    role="cell"
                    data-label={column}
                    className={`[overflow-wrap:anywhere] text-gray-800 ${cellClass} ${align(column)}`}
                  >
                    {cell}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
