import { useSearchParams } from 'react-router';
import { DashboardSection } from '../../../components/dashboard-section.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useViewer } from '../../auth/public.ts';
import { useCardPayments } from './api/get-card-payments.ts';
import { useClaims } from './api/get-claims.ts';
import { useRefunds } from './api/get-refunds.ts';
import { CardPaymentCard } from './card-payment-card.tsx';
import { ClaimCard } from './claim-card.tsx';
import { CommissionRate } from './commission-rate.tsx';
import { ReceivingNumbers } from './receiving-numbers.tsx';
import { RefundCard } from './refund-card.tsx';

const WAITING_PAGE_SIZE = 20;
const DECIDED_PAGE_SIZE = 10;

const DECIDED = {
  accepted: 'Accepted payments',
  rejected: 'Rejected payments',
  card: 'Card payments',
  refunded: 'Refunds made',
} as const;
type Decided = keyof typeof DECIDED;
const isDecided = (value: string | null): value is Decided => value !== null && Object.hasOwn(DECIDED, value);

function ClaimsToVerify() {
  const claims = useClaims('awaiting_verification', WAITING_PAGE_SIZE);
  return (
    <DashboardSection
      id="to-verify-title"
      title="To verify"
      hint="Payments buyers say they sent, the longest waiting first. Find each in the shop’s bKash or Rocket account before you accept it."
    >
      <PagedList
        list={claims}
        noun="payments"
        emptyTitle="No payments to verify"
        emptyHint="When a buyer sends the details of a bKash or Rocket payment, it shows here."
        className="flex flex-col gap-3"
      >
        {(items) => items.map((claim) => <ClaimCard key={claim._id} claim={claim} />)}
      </PagedList>
    </DashboardSection>
  );
}

function RefundsDue() {
  const refunds = useRefunds('due', WAITING_PAGE_SIZE);
  return (
    <DashboardSection
      id="refunds-due-title"
      title="Refunds due"
      hint="Money the shop owes back, the oldest first: a paid part cancelled, a payment that came too late."
    >
      <PagedList
        list={refunds}
        noun="refunds"
        emptyTitle="No refunds due"
        emptyHint="The shop owes no buyer any money back."
        className="flex flex-col gap-3"
      >
        {(items) => items.map((refund) => <RefundCard key={refund._id} refund={refund} />)}
      </PagedList>
    </DashboardSection>
  );
}

function FlaggedCardPayments() {
  const payments = useCardPayments('flagged', WAITING_PAGE_SIZE);
  return (
    <DashboardSection
      id="flagged-title"
      title="Flagged card payments"
      hint="Card payments whose amount or currency was not what the order asked, the latest first: not counted as paid. Find each in Stripe’s dashboard and settle it with the buyer."
    >
      <PagedList
        list={payments}
        noun="card payments"
        emptyTitle="No flagged card payments"
        emptyHint="When Stripe confirms a card payment of another amount or currency than was asked, it shows here."
        className="flex flex-col gap-3"
      >
        {(items) => items.map((payment) => <CardPaymentCard key={payment._id} payment={payment} />)}
      </PagedList>
    </DashboardSection>
  );
}

function CardPayments() {
  const payments = useCardPayments('paid', DECIDED_PAGE_SIZE);
  return (
    <PagedList
      list={payments}
      noun="card payments"
      emptyTitle="No card payments yet"
      className="flex flex-col gap-3"
    >
      {(items) => items.map((payment) => <CardPaymentCard key={payment._id} payment={payment} />)}
    </PagedList>
  );
}

function DecidedClaims({ status }: { status: 'accepted' | 'rejected' }) {
  const claims = useClaims(status, DECIDED_PAGE_SIZE);
  return (
    <PagedList
      list={claims}
      noun="payments"
      emptyTitle={`No ${status} payments yet`}
      className="flex flex-col gap-3"
    >
      {(items) => items.map((claim) => <ClaimCard key={claim._id} claim={claim} />)}
    </PagedList>
  );
}

function RefundsMade() {
  const refunds = useRefunds('made', DECIDED_PAGE_SIZE);
  return (
    <PagedList list={refunds} noun="refunds" emptyTitle="No refunds made yet" className="flex flex-col gap-3">
      {(items) => items.map((refund) => <RefundCard key={refund._id} refund={refund} />)}
    </PagedList>
  );
}

function RecentlyDecided() {
  // In the address, so that a reload or Back shows the same list.
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('decided');
  const shown: Decided = isDecided(asked) ? asked : 'accepted';
  return (
    <DashboardSection
      id="decided-title"
      title="Recently decided"
      hint="What was done, the latest first."
      aside={
        <label className="flex items-center gap-2 text-sm font-medium text-gray-700">
          Show
          <select
            value={shown}
            onChange={(event) =>
              setSearchParams(event.target.value === 'accepted' ? {} : { decided: event.target.value }, {
                replace: true,
              })
            }
            className="rounded-lg border border-gray-300 bg-white px-3 py-2 focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            {Object.entries(DECIDED).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      }
    >
      {shown === 'refunded' ? (
        <RefundsMade />
      ) : shown === 'card' ? (
        <CardPayments />
      ) : (
        <DecidedClaims status={shown} />
      )}
    </DashboardSection>
  );
}

/**
 * The admins' Payments page: the bKash and Rocket payments to verify, the refunds the shop owes, what was decided
 * lately, and beside them the settings of payments (the numbers buyers pay to, the shop's commission), kept where
 * payments are handled.
 */
export function Component() {
  const { isAdmin } = useViewer();
  return (
    <section aria-labelledby="payments-title" className="flex flex-col gap-6">
      <PageTitle name="Payments" />
      <header>
        <h1 id="payments-title" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
          Payments
        </h1>
        <p className="text-gray-600">
          Verify the bKash and Rocket payments buyers send to the shop, look at card payments Stripe flagged,
          and send back what it owes.
        </p>
      </header>
      {isAdmin ? (
        <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="flex min-w-0 flex-col gap-8">
            <ClaimsToVerify />
            <RefundsDue />
            <FlaggedCardPayments />
            <RecentlyDecided />
          </div>
          <div className="flex flex-col gap-6">
            <ReceivingNumbers />
            <CommissionRate />
          </div>
        </div>
      ) : (
        <p className="text-gray-700">Only the shop’s admins handle payments.</p>
      )}
    </section>
  );
}
