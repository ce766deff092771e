import { orderNumberText } from '@bazaar/shared/orders';
import { sumCents } from '@bazaar/shared/pricing';
import type { PartEntryKind } from './ledger-rules.ts';
import type { ListedEntry } from './earnings.repository.ts';

type Cell = string | number;

/** Cents as a plain decimal a spreadsheet reads as a number: -12.5 dollars is `-12.50`. */
const amount = (cents: number) => (cents / 100).toFixed(2);

/**
 * A text cell as a CSV field: quoted when it holds a separator, a quote or a line break, and never read as a formula
 * (a text beginning with = + - @ or a tab or carriage return is prefixed with ').
 */
function textField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const row = (cells: Cell[]) =>
  cells.map((cell) => (typeof cell === 'number' ? amount(cell) : textField(cell))).join(',');

const COLUMNS: (PartEntryKind | 'payout')[] = ['goods', 'shipping', 'commission', 'payout'];

/**
 * A month's statement: one row per ledger entry, the oldest first, its amount in its kind's column and in Net, then
 * the month's totals. A sale's entries share its order number.
 */
export function statementCsv(entries: ListedEntry[]): string {
  const total = (kind: (typeof COLUMNS)[number]) =>
    sumCents(entries.filter((entry) => entry.kind === kind).map((entry) => entry.amountCents));
  const lines = [
    'Date,Order,Entry,Goods,Shipping,Commission,Payout,Net',
    ...entries.map((entry) =>
      row([
        entry.createdAt.toISOString().slice(0, 10),
        entry.orderNumber === null ? '' : orderNumberText(entry.orderNumber),
        entry.reason,
        ...COLUMNS.map((kind) => (entry.kind === kind ? entry.amountCents : '')),
        entry.amountCents,
      ]),
    ),
    row(['Total', '', '', ...COLUMNS.map(total), sumCents(entries.map((entry) => entry.amountCents))]),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
