import { Link } from 'react-router';
import { QUANTITY_MAX } from '@bazaar/shared/orders-constants';
import { formatDollars } from '@bazaar/shared/pricing';
import type { Product } from '@bazaar/shared/products';
import { Price } from '../../components/price.tsx';

const lineCard = 'rounded-2xl border border-gray-200 bg-white p-4 shadow-sm';
const smallButton =
  'rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600';
const stepButton =
  'grid size-8 place-items-center text-lg leading-none text-gray-700 hover:bg-gray-100 disabled:cursor-not-allowed disabled:text-gray-300 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-600';

interface CartLineProps {
  product: Product;
  quantity: number;
  totalCents: number;
  onIncrement: () => void;
  onDecrement: () => void;
  onBuyNow: () => void;
  onRemove: () => void;
}

export function CartLine({
  product,
  quantity,
  totalCents,
  onIncrement,
  onDecrement,
  onBuyNow,
  onRemove,
}: CartLineProps) {
  return (
    <li
      className={`${lineCard} grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-3 sm:grid-cols-[auto_minmax(0,1fr)_auto]`}
    >
      <img
        src={product.mainImage.url}
        alt={product.mainImage.alt}
        width={96}
        height={96}
        loading="lazy"
        className="size-20 rounded-xl bg-gray-100 object-cover sm:size-24"
      />
      <div className="min-w-0 space-y-1">
        <h2 className="text-base font-semibold">
          <Link
            to={`/product/${product._id}`}
            className="rounded hover:text-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
          >
            {product.name}
          </Link>
        </h2>
        <Price price={product.price} discount={product.discount} />
        <div className="inline-flex items-center overflow-hidden rounded-lg border border-gray-300">
          <button
            type="button"
            className={stepButton}
            aria-label={`Decrease quantity of ${product.name}`}
            disabled={quantity <= 1}
            onClick={onDecrement}
          >
            −
          </button>
          <output
            aria-live="polite"
            aria-label={`Quantity of ${product.name}`}
            className="w-9 text-center text-sm font-semibold tabular-nums"
          >
            {quantity}
          </output>
          <button
            type="button"
            className={stepButton}
            aria-label={`Increase quantity of ${product.name}`}
            disabled={quantity >= QUANTITY_MAX}
            onClick={onIncrement}
          >
            +
          </button>
        </div>
      </div>
      {/* Under the picture and the name on phones; a column on the right on wider screens. */}
      <div className="col-span-2 flex items-center justify-between gap-3 border-t border-gray-100 pt-3 sm:col-span-1 sm:flex-col sm:items-end sm:border-0 sm:pt-0">
        <dl className="sm:text-right">
          <dt className="text-xs text-gray-500">Line total</dt>
          <dd className="text-lg font-bold tabular-nums">{formatDollars(totalCents)}</dd>
        </dl>
        <div className="flex gap-2">
          <button
            type="button"
            className={`${smallButton} bg-teal-700 text-white hover:bg-teal-800`}
            aria-label={`Buy Now: ${product.name}`}
            onClick={onBuyNow}
          >
            Buy Now
          </button>
          <button
            type="button"
            className={`${smallButton} text-rose-700 hover:bg-rose-50`}
            aria-label={`Remove ${product.name}`}
            onClick={onRemove}
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}

/** A line whose product is still on its way. */
export function CartLineLoading() {
  return (
    <li aria-busy="true" className={`${lineCard} flex gap-4`}>
      <span aria-hidden="true" className="size-20 shrink-0 animate-pulse rounded-xl bg-gray-100 sm:size-24" />
      <span className="sr-only">Loading a product…</span>
      <span aria-hidden="true" className="flex flex-1 flex-col gap-2 pt-1">
        <span className="h-4 w-1/2 animate-pulse rounded bg-gray-100" />
        <span className="h-4 w-1/4 animate-pulse rounded bg-gray-100" />
      </span>
    </li>
  );
}

/** A line whose product could not be loaded (network or server failure): retry, or give it up. */
export function CartLineFailed({ onRetry, onRemove }: { onRetry: () => void; onRemove: () => void }) {
  return (
    <li className={`${lineCard} flex flex-wrap items-center justify-between gap-4`}>
      <p role="alert" className="text-sm text-rose-700">
        This product could not be loaded.
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={`${smallButton} border border-gray-300 hover:bg-gray-50`}
          onClick={onRetry}
        >
          Retry
        </button>
        <button type="button" className={`${smallButton} text-rose-700 hover:bg-rose-50`} onClick={onRemove}>
          Remove
        </button>
      </div>
    </li>
  );
}
