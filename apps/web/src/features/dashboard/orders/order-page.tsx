import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { Link, useMatch, useParams } from 'react-router';
import type { Order, Sale } from '@bazaar/shared/orders';
import { Button, textLinkClass } from '../../../components/button.tsx';
import { DeliveryContact } from '../../../components/delivery-contact.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Loader } from '../../../components/loader.tsx';
import { OrderTotals } from '../../../components/order-amounts.tsx';
import { OrderStatusBadge } from '../../../components/order-status.tsx';
import { OrderTime } from '../../../components/order-time.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ShopMark } from '../../../components/shop-logo.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useViewer } from '../../auth/public.ts';
import { hasCommission, SaleCommission } from '../sales/sale-commission.tsx';
import { SaleMoves } from '../sales/sale-moves.tsx';
import { isSale, useOrderByNumber, type NumberedOrder } from './api/get-order-by-number.ts';
import { OrderMoves, rolesIn } from './order-moves.tsx';
import { OrderPartSection } from './order-part.tsx';
import { OrderPayment, SalePaymentSummary } from './order-payment.tsx';
import { PayForOrder } from './pay-for-order.tsx';
import { linesOf } from './part-lines.ts';

const headingClass = 'text-2xl font-bold tracking-tight text-gray-900 focus:outline-none sm:text-3xl';
const boxClass = 'rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5 print:shadow-none';

/** A box of the order's side column, named by its heading. */
function SideBox({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`${boxClass} break-inside-avoid`}>
      <h2 id={id} className="mb-2 font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The buyer's whole order (or an admin's view of it): each seller's part, the totals, delivery, payment, moves. */
function WholeOrder({ order }: { order: Order }) {
  const { user, isAdmin } = useViewer();
  const roles = rolesIn(order, user?.email ?? '', isAdmin);
  return (
    <OrderLayout
      order={order}
      byline={null}
      parts={order.parts.map((part, position) => (
        <OrderPartSection
          key={position}
          part={part}
          lines={linesOf(order.products, part)}
          own={false}
          canReview={roles.includes('buyer')}
        />
      ))}
      contact={
        <DeliveryContact name={order.name} address={order.address} phone={order.phone} email={order.email} />
      }
      moves={<OrderMoves order={order} roles={roles} size="sm" />}
      action={roles.includes('buyer') && <PayForOrder order={order} />}
      payment={<OrderPayment payment={order.payment} />}
    />
  );
}

/** A seller's part of the order: their lines, their shipping, the buyer, where to send it, their moves. */
function SellersPart({ sale }: { sale: Sale }) {
  const { isAdmin } = useViewer();
  const buyer = sale.buyer?.name ?? 'A closed account';
  return (
    <OrderLayout
      order={sale}
      byline={
        <p className="text-gray-700">
          Your part of the order of <span className="font-medium text-gray-900">{buyer}</span>
          {sale.buyer && <span className="whitespace-nowrap text-gray-500"> (@{sale.buyer.handle})</span>}
        </p>
      }
      parts={sale.parts.map((part, position) => (
        <OrderPartSection key={position} part={part} lines={sale.products} own canReview={false} />
      ))}
      contact={<DeliveryContact name={sale.name} address={sale.address} phone={sale.phone} />}
      moves={<SaleMoves sale={sale} isAdmin={isAdmin} buyer={buyer} />}
      payment={
        <>
          <SalePaymentSummary payment={sale.payment} />
          {hasCommission(sale) && (
            <p className="text-sm text-gray-900">
              <span className="font-medium text-gray-600">Commission:</span>{' '}
              <SaleCommission commission={sale.commission} />
            </p>
          )}
        </>
      }
    />
  );
}

/**
 * The order's body, on screen and on paper: when it was placed, the parts beside the totals (with the moves),
 * delivery and payment; printed, the side column goes below the parts and the moves and the payment form are left
 * out.
 */
function OrderLayout({
  order,
  byline,
  action,
  parts,
  contact,
  moves,
  payment,
}: {
  order: NumberedOrder;
  byline: ReactNode;
  /** What the viewer has to do about the order first (pay for it), above its parts. */
  action?: ReactNode;
  parts: ReactNode;
  contact: ReactNode;
  moves: ReactNode;
  payment: ReactNode;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] print:block">
      <div className="flex flex-col gap-4 print:mb-4">
        {byline}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-gray-700">
          <span>
            Placed <OrderTime iso={order.orderTime} />
          </span>
          <OrderStatusBadge status={order.status} />
        </p>
        {action}
        {parts}
      </div>
      <aside aria-label="Order summary" className="flex flex-col gap-4 print:grid print:grid-cols-2">
        <SideBox id="totals-heading" title="Summary">
          <OrderTotals order={order} />
          <div className="mt-3 flex flex-wrap gap-2 empty:hidden print:hidden">{moves}</div>
        </SideBox>
        <SideBox id="delivery-heading" title="Delivery">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">{contact}</dl>
        </SideBox>
        <SideBox id="payment-heading" title="Payment">
          {payment}
        </SideBox>
      </aside>
    </div>
  );
}

/** Shown for a number that names no order the viewer may see (the server does not say which). */
function OrderNotFound({ number, headingRef }: { number: string; headingRef: Ref<HTMLHeadingElement> }) {
  return (
    <section className="flex flex-col items-start gap-3">
      <PageTitle name="Order not found" />
      <h1 ref={headingRef} tabIndex={-1} className={headingClass}>
        Order not found
      </h1>
      <p className="text-gray-700">
        There is no order {number} among yours or your sales. Check the number, or find the order in your
        lists.
      </p>
      <p className="flex gap-4">
        <Link to="/dashboard/orders" className={textLinkClass}>
          Your orders
        </Link>
        <Link to="/dashboard/sales" className={textLinkClass}>
          Your sales
        </Link>
      </p>
    </section>
  );
}

/**
 * An order's own page, `/dashboard/orders/:number`, and a seller's part of it, `/dashboard/sales/:number`: what the
 * server answers the viewer for the number decides which. Printed, it is the receipt.
 */
export function Component() {
  const number = (useParams().number ?? '').toUpperCase();
  const underSales = useMatch('/dashboard/sales/:number') !== null;
  const order = useOrderByNumber(number);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Once the order (or its absence) is known, as the heading then says what the page is.
  useEffect(() => {
    if (!order.isPending) headingRef.current?.focus();
  }, [order.isPending, number]);

  if (order.error instanceof ApiRequestError && order.error.status === 404) {
    return <OrderNotFound number={number} headingRef={headingRef} />;
  }

  const back = underSales
    ? { to: '/dashboard/sales', label: 'All sales' }
    : { to: '/dashboard/orders', label: 'All orders' };
  return (
    <article aria-labelledby="order-heading" className="flex flex-col gap-4">
      <PageTitle name={`Order ${number}`} />
      <Link to={back.to} className={`${textLinkClass} self-start text-sm print:hidden`}>
        ← {back.label}
      </Link>
      {/* On paper the page is the shop's receipt: its name where the header was. */}
      <p className="hidden items-center gap-2 text-2xl font-extrabold tracking-tight text-teal-700 print:flex">
        <ShopMark />
        Bazaar
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="order-heading" ref={headingRef} tabIndex={-1} className={headingClass}>
          Order {number}
        </h1>
        {order.data && (
          <Button variant="secondary" size="sm" className="print:hidden" onClick={() => window.print()}>
            Print receipt
          </Button>
        )}
      </div>
      {order.data ? (
        isSale(order.data) ? (
          <SellersPart sale={order.data} />
        ) : (
          <WholeOrder order={order.data} />
        )
      ) : order.error ? (
        <ErrorState message="This order could not be loaded." onRetry={() => void order.refetch()} />
      ) : (
        <Loader label="Loading the order…" />
      )}
    </article>
  );
}
