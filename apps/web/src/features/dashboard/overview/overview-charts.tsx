import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  RadialLinearScale,
  Tooltip,
} from 'chart.js';
import type { ReactNode } from 'react';
import { Bar, Line, PolarArea } from 'react-chartjs-2';
import { formatWireDollars } from '@bazaar/shared/pricing';
import type { Overview } from '@bazaar/shared/stats';

// Only the pieces these three charts draw, so that the rest of Chart.js stays out of the bundle.
ChartJS.register(
  ArcElement,
  BarElement,
  CategoryScale,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  RadialLinearScale,
  Tooltip,
);

const TEAL = 'rgb(15 118 110)';
const MONTH_COLOURS = [
  '#0f766e',
  '#0d9488',
  '#14b8a6',
  '#2dd4bf',
  '#0891b2',
  '#0284c7',
  '#4f46e5',
  '#7c3aed',
  '#c026d3',
  '#db2777',
  '#e11d48',
  '#ea580c',
];

const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** `2026-03` → `Mar 2026`. */
const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

/**
 * A chart with its figures as a table for screen readers (a canvas says nothing to them); the table is also
 * what the browser tests read. With nothing to draw, `empty` says so in the chart's place.
 */
function ChartFigure({
  title,
  columns,
  rows,
  empty,
  children,
}: {
  title: string;
  columns: readonly [string, string];
  rows: readonly (readonly [string, string])[];
  empty?: string;
  children: ReactNode;
}) {
  return (
    <figure className="rounded-xl bg-white p-4 shadow-sm">
      <figcaption className="mb-3 font-semibold text-gray-900">{title}</figcaption>
      {empty ? (
        <p className="flex h-40 items-center justify-center rounded-lg bg-gray-50 text-gray-600">{empty}</p>
      ) : (
        <div aria-hidden="true" className="relative h-64">
          {children}
        </div>
      )}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{columns[0]}</th>
            <th scope="col">{columns[1]}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

const keepAspect = { responsive: true, maintainAspectRatio: false } as const;
// Sales and revenue are never negative: without a floor, a month of zeros centres the axis on 0 (−1 to 1).
const fromZero = { y: { min: 0 } } as const;

export function OverviewCharts({ overview }: { overview: Overview }) {
  const months = overview.revenueByMonth.map(({ month }) => monthLabel(month));
  const revenues = overview.revenueByMonth.map(({ revenue }) => revenue);
  const units = overview.salesByMonth.map((month) => month.units);
  const weeks = overview.lastMonthByWeek;
  const noSales = units.every((sold) => sold === 0) && revenues.every((revenue) => revenue === 0);
  const noSalesText = noSales ? 'No sales yet' : undefined;
  const noWeekText = weeks.every((week) => week.units === 0)
    ? (noSalesText ?? 'No sales last month')
    : undefined;

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <ChartFigure
          title="Revenue by month"
          empty={noSalesText}
          columns={['Month', 'Revenue']}
          rows={overview.revenueByMonth.map(({ month, revenue }) => [
            monthLabel(month),
            formatWireDollars(revenue),
          ])}
        >
          <Line
            options={{ ...keepAspect, scales: fromZero, plugins: { legend: { display: false } } }}
            data={{
              labels: months,
              datasets: [
                {
                  label: 'Revenue ($)',
                  data: revenues,
                  borderColor: TEAL,
                  backgroundColor: 'rgb(15 118 110 / 0.15)',
                  fill: true,
                  tension: 0.3,
                },
              ],
            }}
          />
        </ChartFigure>
      </div>
      <ChartFigure
        title="Monthly sales"
        empty={noSalesText}
        columns={['Month', 'Units sold']}
        rows={overview.salesByMonth.map(({ month, units: sold }) => [monthLabel(month), String(sold)])}
      >
        <PolarArea
          options={{
            ...keepAspect,
            // The radial scale's numbers cover the segments; the tooltip and the table give the values.
            scales: { r: { ticks: { display: false } } },
            plugins: { legend: { position: 'right' } },
          }}
          data={{
            labels: months,
            datasets: [
              { label: 'Units sold', data: units, backgroundColor: MONTH_COLOURS.map((c) => `${c}b3`) },
            ],
          }}
        />
      </ChartFigure>
      <ChartFigure
        title="Last month's sales by week"
        empty={noWeekText}
        columns={['Week', 'Units sold']}
        rows={weeks.map(({ week, units: sold }) => [week, String(sold)])}
      >
        <Bar
          options={{ ...keepAspect, scales: fromZero, plugins: { legend: { display: false } } }}
          data={{
            labels: weeks.map(({ week }) => week),
            datasets: [{ label: 'Units sold', data: weeks.map((week) => week.units), backgroundColor: TEAL }],
          }}
        />
      </ChartFigure>
    </div>
  );
}
