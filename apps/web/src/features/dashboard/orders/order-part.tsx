import { useId } from 'react';
import { Link } from 'react-router';
import type { OrderLine, OrderPart, OrderStatus } from '@bazaar/shared/orders';
import { discountedCents, dollarsToCents, formatDollars, formatWireDollars } from '@bazaar/shared/pricing';
import { textLinkClass } from '../../../components/button.tsx';
import { CancellationNotes, shippingText } from '../../../components/order-amounts.tsx';
import { FulfilmentProgress, OrderStatusBadge } from '../../../components/order-status.tsx';
import { ProductLineImage } from '../../../components/product-line.tsx';
import { ReviewLink } from '../../reviews/public.ts';

/** A line of the order: what, how many at what price, its total; a delivered one the buyer may review. */
function LineItem({
  line,
  partStatus,
  canReview,
}: {
  line: OrderLine;
  partStatus: OrderStatus;
  canReview: boolean;
}) {
  const unitPrice = formatDollars(discountedCents(dollarsToCents(line.price), line.discount));
  return (
    <li className="flex gap-3 py-3 sm:gap-4">
      <ProductLineImage image={line.mainImage} className="size-16 sm:size-20" />
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-medium break-words text-gray-900">
            {line._id ? (
              <Link to={`/product/${line._id}`} className="hover:underline">
                {line.name}
              </Link>
            ) : (
              line.name
            )}
          </p>
          <p className="text-sm text-gray-600 tabular-nums">
            {line.quantity} × {unitPrice}
            {line.discount > 0 && (
              <span className="text-gray-500">
                {' '}
                ({line.discount}% off {formatWireDollars(line.price)})
              </span>
            )}
          </p>
          {/* A line that went its own way (one cancelled of several) says so; the others share the part's. */}
          {line.status !== partStatus && (
            <span>
              <OrderStatusBadge status={line.status} />
            </span>
          )}
          {canReview && line._id && line.status === 'delivered' && (
            <span className="text-sm print:hidden">
              <ReviewLink productId={line._id} productName={line.name} />
            </span>
          )}
        </div>
        <p
          className={`font-semibold whitespace-nowrap tabular-nums sm:text-right ${line.status === 'cancelled' ? 'text-gray-500 line-through' : 'text-gray-900'}`}
        >
          {formatWireDollars(line.lineTotal)}
        </p>
      </div>
    </li>
  );
}

/**
 * How the part's shipped lines travel, as their seller said: the carrier, the tracking number, and a link to track
 * them. Nothing when the seller said nothing (or nothing has shipped).
 */
function PartTracking({ lines }: { lines: OrderLine[] }) {
  const shipped = lines.find(
    (line) =>
      (line.status === 'shipped' || line.status === 'delivered') &&
      (line.carrier ?? line.trackingNumber ?? line.trackingUrl) !== null,
  );
  if (!shipped) return null;
  const { carrier, trackingNumber, trackingUrl } = shipped;
  return (
    <p className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-gray-700">
      <span>
        Shipped{carrier && ` with ${carrier}`}
        {trackingNumber && (
          <>
            , tracking number <span className="font-mono break-all text-gray-900">{trackingNumber}</span>
          </>
        )}
      </span>
      {trackingUrl && (
        <a
          href={trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={`${textLinkClass} print:hidden`}
        >
          Track your parcel<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </p>
  );
}

/** The part's heading: its seller, a link to their page; or, to the seller, their own items. */
function PartTitle({ seller, own }: { seller: OrderPart['seller']; own: boolean }) {
  if (own) return 'Your items';
  if (!seller) return 'From a closed shop';
  return (
    <>
      From{' '}
      <Link to={`/seller/${seller.handle}`} className={textLinkClass}>
        {seller.name}
      </Link>
    </>
  );
}

/**
 * One seller's part of an order: its seller, how far it has come, its lines, its goods, shipping and what is due of
 * it, and who cancelled what.
 */
export function OrderPartSection({
  part,
  lines,
  own,
  canReview,
}: {
  part: OrderPart;
  lines: OrderLine[];
  /** The viewer is the part's seller. */
  own: boolean;
  /** The viewer bought the order: delivered lines get a link to their review form. */
  canReview: boolean;
}) {
  const headingId = useId();
  const name = own ? 'your part' : (part.seller?.name ?? 'a closed shop');
  const cancelled =
    dollarsToCents(part.due) !== dollarsToCents(part.subtotal) + dollarsToCents(part.shipping);
  return (
    <section
      aria-labelledby={headingId}
      className="break-inside-avoid rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5 print:shadow-none"
    >
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          <PartTitle seller={part.seller} own={own} />
        </h2>
        <div className="flex items-center gap-3">
          <FulfilmentProgress status={part.status} label={`Progress of ${name}`} />
          <OrderStatusBadge status={part.status} />
        </div>
      </header>
      <PartTracking lines={lines} />
      <ul aria-label={`Products of ${name}`} className="mt-2 divide-y divide-gray-100">
        {lines.map((line, position) => (
          <LineItem key={position} line={line} partStatus={part.status} canReview={canReview} />
        ))}
      </ul>
      <dl className="flex flex-wrap justify-end gap-x-6 gap-y-1 border-t border-gray-100 pt-3 text-sm tabular-nums">
        <div className="flex gap-2">
          <dt className="text-gray-600">Goods</dt>
          <dd className="text-gray-900">{formatWireDollars(part.subtotal)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-gray-600">Shipping</dt>
          <dd className="text-gray-900">{shippingText(part.shipping)}</dd>
        </div>
        {cancelled && (
          <div className="flex gap-2">
            <dt className="text-gray-600">Total now</dt>
            <dd className="font-semibold text-gray-900">{formatWireDollars(part.due)}</dd>
          </div>
        )}
      </dl>
      <CancellationNotes lines={lines} />
    </section>
  );
}
