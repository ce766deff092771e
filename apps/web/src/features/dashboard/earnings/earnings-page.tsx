import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PAYOUT_METHOD_NAMES, type Earnings } from '@bazaar/shared/earnings';
import { formatWireDollars } from '@bazaar/shared/pricing';
import { buttonClass, textLinkClass } from '../../../components/button.tsx';
import { DashboardSection } from '../../../components/dashboard-section.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { Loader } from '../../../components/loader.tsx';
import { OrderTime } from '../../../components/order-time.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useViewer } from '../../auth/public.ts';
import { salePath } from '../orders/order-paths.ts';
import { SignedAmount } from './amount.tsx';
import { CardTable } from './card-table.tsx';
import { statementUrl, useEarnings } from './api/get-earnings.ts';

function Balance({ earnings, own }: { earnings: Earnings; own: boolean }) {
  const owed = earnings.balance < 0;
  const tiles = [
    ['Balance', earnings.balance],
    ['Available for payout', earnings.available],
  ] as const;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-4">
        {tiles.map(([label, dollars]) => (
          <div key={label} className="flex min-w-0 flex-col-reverse rounded-xl bg-white p-4 shadow-sm">
            <dt className="text-sm text-gray-600">{label}</dt>
            <dd
              className={`text-2xl font-bold tabular-nums [overflow-wrap:anywhere] ${owed ? 'text-amber-700' : 'text-teal-800'}`}
            >
              {formatWireDollars(dollars)}
            </dd>
          </div>
        ))}
      </dl>
      {owed && (
        <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
          {own ? 'You owe' : 'This seller owes'} the shop{' '}
          <strong className="tabular-nums">{formatWireDollars(-earnings.balance)}</strong>: the commission on
          cash-on-delivery sales, whose cash {own ? 'you' : 'they'} kept. It is taken from the next credits.
        </p>
      )}
      <p className="text-sm text-gray-600">
        A delivered sale’s credit may be paid out once the returns window has passed; the shop’s commission
        counts at once.
      </p>
    </div>
  );
}

function Statement({ seller }: { seller: string | undefined }) {
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col gap-1 text-sm font-medium text-gray-800">
        Month
        <input
          type="month"
          value={month}
          required
          onChange={({ target }) => setMonth(target.value)}
          className="rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 focus:outline-none"
        />
      </label>
      {month ? (
        <a href={statementUrl(month, seller)} download className={buttonClass({ variant: 'outline' })}>
          Download CSV
        </a>
      ) : null}
    </div>
  );
}

function Entries({ earnings, own }: { earnings: Earnings; own: boolean }) {
  if (earnings.entries.length === 0) {
    return (
      <EmptyState title="No entries yet">
        A sale shows here once it is delivered: its goods and shipping paid online, less the shop’s
        commission.
      </EmptyState>
    );
  }
  return (
    <CardTable
      label="Entries"
      columns={['Date', 'Order', 'Entry', 'Amount']}
      numeric={['Amount']}
      rows={earnings.entries.map((entry) => ({
        key: entry._id,
        cells: [
          <OrderTime iso={entry.at} />,
          entry.orderNumber === null ? (
            '—'
          ) : own ? (
            <Link to={salePath(entry.orderNumber)} className={`${textLinkClass} tabular-nums`}>
              {entry.orderNumber}
            </Link>
          ) : (
            <span className="tabular-nums">{entry.orderNumber}</span>
          ),
          entry.reason,
          <SignedAmount dollars={entry.amount} />,
        ],
      }))}
    />
  );
}

function Payouts({ earnings }: { earnings: Earnings }) {
  if (earnings.payouts.length === 0) {
    return <EmptyState title="No payouts yet">Money the shop sends you shows here.</EmptyState>;
  }
  return (
    <CardTable
      label="Payouts"
      columns={['Date', 'Method', 'Reference', 'Amount']}
      numeric={['Amount']}
      rows={earnings.payouts.map((payout) => ({
        key: payout._id,
        cells: [
          <OrderTime iso={payout.at} />,
          PAYOUT_METHOD_NAMES[payout.method],
          payout.reference,
          formatWireDollars(payout.amount),
        ],
      }))}
    />
  );
}

/**
 * /dashboard/earnings: the seller's money with the shop, their balance, what may be paid out, every entry of their
 * ledger and every payout, and a month's statement to download. An admin sees a seller's with `?seller=handle`.
 */
export function Component() {
  const { isAdmin } = useViewer();
  const [searchParams] = useSearchParams();
  const seller = (isAdmin && searchParams.get('seller')) || undefined;
  const { query, earnings } = useEarnings(seller);
  /** The foot of a list: how many are shown, and Load more, which brings the next page of both lists. */
  const more = (shown: number, total: number, noun: string) => (
    <LoadMore
      shown={shown}
      total={total}
      noun={noun}
      hasMore={shown < total && query.hasNextPage}
      isLoading={query.isFetchingNextPage}
      isError={query.isFetchNextPageError}
      onLoadMore={() => void query.fetchNextPage()}
    />
  );
  const own = seller === undefined;

  return (
    <section aria-labelledby="earnings-title" className="flex flex-col gap-6">
      <PageTitle name="Earnings" />
      <header>
        <h1 id="earnings-title" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
          {own ? 'Earnings' : `Earnings of @${seller}`}
        </h1>
        <p className="text-gray-600">
          What the shop owes {own ? 'you' : 'the seller'} for delivered sales, less its commission and the
          payouts made.
        </p>
      </header>
      {!earnings ? (
        query.error ? (
          <ErrorState message="The earnings could not be loaded." onRetry={() => void query.refetch()} />
        ) : (
          <Loader label="Loading the earnings…" />
        )
      ) : (
        <>
          <Balance earnings={earnings} own={own} />
          <DashboardSection
            id="statement-title"
            title="Monthly statement"
            hint="A month’s entries as a spreadsheet: goods, shipping, commission and payouts, with the net."
          >
            <Statement seller={seller} />
          </DashboardSection>
          <DashboardSection
            id="entries-title"
            title="Entries"
            hint="Every credit and debit, the latest first."
          >
            <Entries earnings={earnings} own={own} />
            {earnings.entries.length > 0 && more(earnings.entries.length, earnings.entriesTotal, 'entries')}
          </DashboardSection>
          <DashboardSection id="payouts-title" title="Payouts" hint="Money the shop sent, the latest first.">
            <Payouts earnings={earnings} />
            {earnings.payouts.length > 0 && more(earnings.payouts.length, earnings.payoutsTotal, 'payouts')}
          </DashboardSection>
        </>
      )}
    </section>
  );
}
