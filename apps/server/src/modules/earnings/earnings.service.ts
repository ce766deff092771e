import {
  PAYOUT_METHOD_NAMES,
  type BalanceListQuery,
  type Earnings,
  type EarningsQuery,
  type LedgerEntry,
  type Payout,
  type PayoutCreate,
  type SellerBalance,
  type StatementQuery,
} from '@bazaar/shared/earnings';
import { orderNumberText } from '@bazaar/shared/orders';
import { centsToDollars, dollarsToCents, formatDollars } from '@bazaar/shared/pricing';
import { AppError, notFound } from '../../errors/app-error.ts';
import type { Viewer } from '../auth/auth.module.ts';
import { mailBody, type OutgoingMail } from '../mail/mail.module.ts';
import type { OrderPayments } from '../orders/orders.module.ts';
import { statementCsv } from './earnings-statement.ts';
import { orderEntries } from './ledger-rules.ts';
import type { EarningsRepository, ListedEntry, PayoutRow } from './earnings.repository.ts';

const toEntry = (row: ListedEntry): LedgerEntry => ({
  _id: row.id,
  kind: row.kind,
  orderNumber: row.orderNumber === null ? null : orderNumberText(row.orderNumber),
  reason: row.reason,
  amount: centsToDollars(row.amountCents),
  at: row.createdAt.toISOString(),
  availableAt: row.availableAt.toISOString(),
});

const toPayout = (row: PayoutRow): Payout => ({
  _id: row.id,
  amount: centsToDollars(row.amountCents),
  method: row.method,
  reference: row.reference,
  at: row.createdAt.toISOString(),
});

function payoutMail(shopUrl: string, sellerEmail: string, payout: PayoutCreate): OutgoingMail {
  const amount = formatDollars(dollarsToCents(payout.amount));
  return {
    kind: 'payout',
    to: sellerEmail,
    subject: `We paid you ${amount}`,
    ...mailBody({
      heading: `A payout of ${amount} is on its way`,
      paragraphs: [
        `We sent ${amount} by ${PAYOUT_METHOD_NAMES[payout.method]} (reference ${payout.reference}).`,
        'Your balance on your Earnings page shows it.',
      ],
      action: { label: 'See your earnings', url: `${shopUrl}/dashboard/earnings` },
    }),
  };
}

export function createEarningsService(repository: EarningsRepository, { shopUrl }: { shopUrl: string }) {
  function requireAdmin(viewer: Viewer, what: string) {
    if (!viewer.isAdmin) throw new AppError('FORBIDDEN', `Only an admin may ${what}.`);
  }

  /** The seller whose earnings are asked for: the viewer, or for an admin the seller named. */
  async function sellerEmailOf(viewer: Viewer, handle: string | undefined): Promise<string> {
    if (handle === undefined) return viewer.email.toLowerCase();
    requireAdmin(viewer, "see another seller's earnings");
    const seller = await repository.findSeller(handle);
    if (!seller) throw notFound('Seller');
    return seller.email;
  }

  /**
   * Runs in every move of an order's lines, in its transaction: brings each seller's ledger to what their part should
   * hold (ledger-rules.ts). No route refunds a delivered part today, so no part is refunded here.
   */
  const afterMove: OrderPayments['afterMove'] = async (tx, order) => {
    const cashOnDelivery = order.paymentMethod === 'cash on delivery';
    const parts = await repository.partsOnRecord(tx, order.id);
    const entries = orderEntries(parts.map((part) => ({ ...part, cashOnDelivery, refunded: false })));
    await repository.append(
      tx,
      entries.map((entry) => ({ ...entry, orderId: order.id })),
    );
  };

  return {
    afterMove,

    async earnings(viewer: Viewer, { seller, ...paging }: EarningsQuery): Promise<Earnings> {
      const sellerEmail = await sellerEmailOf(viewer, seller);
      const [balance, entries, payouts] = await Promise.all([
        repository.balanceOf(sellerEmail),
        repository.entries(sellerEmail, paging),
        repository.payouts(sellerEmail, paging),
      ]);
      return {
        balance: centsToDollars(balance.balanceCents),
        available: centsToDollars(balance.availableCents),
        entries: entries.rows.map(toEntry),
        entriesTotal: entries.total,
        payouts: payouts.rows.map(toPayout),
        payoutsTotal: payouts.total,
      };
    },

    /** A month's entries as a CSV file (UTC months). */
    async statement(viewer: Viewer, { seller, month }: StatementQuery): Promise<string> {
      const sellerEmail = await sellerEmailOf(viewer, seller);
      const [year, monthNumber] = month.split('-').map(Number) as [number, number];
      const start = new Date(Date.UTC(year, monthNumber - 1, 1));
      const end = new Date(Date.UTC(year, monthNumber, 1));
      return statementCsv(await repository.entriesBetween(sellerEmail, start, end));
    },

    /** Records money sent to a seller: never more than what may be paid out now (409). */
    async recordPayout(viewer: Viewer, handle: string, input: PayoutCreate): Promise<Payout> {
      requireAdmin(viewer, 'record payouts');
      const seller = await repository.findSeller(handle.toLowerCase());
      if (!seller) throw notFound('Seller');
      const amountCents = dollarsToCents(input.amount);
      const row = await repository.recordPayout(
        {
          sellerEmail: seller.email,
          amountCents,
          method: input.method,
          reference: input.reference,
          recordedBy: viewer.email.toLowerCase(),
        },
        ({ availableCents }) => {
          if (amountCents > availableCents) {
            const message =
              availableCents > 0
                ? `Only ${formatDollars(availableCents)} may be paid out to ${seller.name} now.`
                : `Nothing may be paid out to ${seller.name} now.`;
            throw new AppError('CONFLICT', message, [{ path: 'amount', message }], undefined, {
              amount: centsToDollars(Math.max(0, availableCents)),
            });
          }
        },
        payoutMail(shopUrl, seller.email, input),
      );
      return toPayout(row);
    },

    async balances(
      viewer: Viewer,
      paging: BalanceListQuery,
    ): Promise<{ items: SellerBalance[]; total: number }> {
      requireAdmin(viewer, "see the sellers' balances");
      const { rows, total } = await repository.balances(paging);
      return {
        items: rows.map((row) => ({
          _id: row.id,
          handle: row.handle,
          name: row.name,
          balance: centsToDollars(row.balanceCents),
          available: centsToDollars(row.availableCents),
          payoutMethod: row.payoutMethod,
          payoutAccount: row.payoutAccount,
        })),
        total,
      };
    },

    /** The shop's money with its sellers, for the admin's overview, in cents. */
    shopTotals: () => repository.shopTotals(),
  };
}

export type EarningsService = ReturnType<typeof createEarningsService>;
