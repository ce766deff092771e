import { useState } from 'react';
import { Link } from 'react-router';
import { PAYOUT_METHOD_NAMES, type SellerBalance } from '@bazaar/shared/earnings';
import { formatWireDollars } from '@bazaar/shared/pricing';
import { Button, textLinkClass } from '../../../components/button.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useViewer } from '../../auth/public.ts';
import { useBalances } from './api/get-balances.ts';
import { CardTable } from './card-table.tsx';
import { PayoutDialog } from './payout-dialog.tsx';

const PAGE_SIZE = 50;

/** A balance below zero is commission the seller owes the shop. */
function BalanceText({ dollars }: { dollars: number }) {
  return dollars < 0 ? (
    <span className="text-amber-800">Owes the shop {formatWireDollars(-dollars)}</span>
  ) : (
    formatWireDollars(dollars)
  );
}

const payoutDetails = ({ payoutMethod, payoutAccount }: SellerBalance) =>
  payoutMethod ? (
    <>
      {PAYOUT_METHOD_NAMES[payoutMethod]}
      {payoutAccount && <span className="block break-all text-gray-600">{payoutAccount}</span>}
    </>
  ) : (
    <span className="text-gray-500">Not given</span>
  );

function Balances() {
  const balances = useBalances(PAGE_SIZE);
  const [paying, setPaying] = useState<SellerBalance | null>(null);
  return (
    <>
      <PagedList
        list={balances}
        noun="sellers"
        emptyTitle="No seller has earned anything yet"
        emptyHint="A seller shows here once a sale of theirs is delivered, or once they give their payout details."
        className="flex flex-col gap-3"
      >
        {(items) => (
          <CardTable
            label="Sellers' balances"
            columns={['Seller', 'Balance', 'Available', 'Payout details', 'Payout']}
            numeric={['Balance', 'Available']}
            rows={items.map((seller) => ({
              key: seller._id,
              cells: [
                <Link
                  to={`/dashboard/earnings?${new URLSearchParams({ seller: seller.handle }).toString()}`}
                  className={textLinkClass}
                >
                  {seller.name} <span className="font-normal text-gray-600">@{seller.handle}</span>
                </Link>,
                <BalanceText dollars={seller.balance} />,
                formatWireDollars(seller.available),
                payoutDetails(seller),
                seller.available > 0 ? (
                  <Button size="sm" variant="outline" onClick={() => setPaying(seller)}>
                    Record payout<span className="sr-only"> to {seller.name}</span>
                  </Button>
                ) : (
                  <span className="text-sm text-gray-600">Nothing to pay out yet</span>
                ),
              ],
            }))}
          />
        )}
      </PagedList>
      {paying && <PayoutDialog seller={paying} onClose={() => setPaying(null)} />}
    </>
  );
}

/** The admins' Sellers' balances page: what the shop owes each seller, what may be paid out now, and payouts. */
export function Component() {
  const { isAdmin } = useViewer();
  return (
    <section aria-labelledby="balances-title" className="flex flex-col gap-6">
      <PageTitle name="Sellers' balances" />
      <header>
        <h1 id="balances-title" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
          Sellers’ balances
        </h1>
        <p className="text-gray-600">
          What the shop owes each seller for delivered sales, less its commission, the most owed first. Send
          what is available, then record the payout.
        </p>
      </header>
      {isAdmin ? <Balances /> : <p className="text-gray-700">Only the shop’s admins pay sellers.</p>}
    </section>
  );
}
