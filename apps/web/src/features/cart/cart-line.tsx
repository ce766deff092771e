import { QUANTITY_MAX } from '@bazaar/shared/orders-constants';
import { formatDollars } from '@bazaar/shared/pricing';
import type { Product } from '@bazaar/shared/products';
import { Button } from '../../components/button.tsx';
import { Price } from '../../components/price.tsx';
import { ProductNameLink } from '../../components/product-link.tsx';
import {
  ProductLineFailed,
  ProductLineImage,
  ProductLineLoading,
  productLineClass,
} from '../../components/product-line.tsx';
import { StockLabel } from '../../components/stock-label.tsx';

// The cart's pictures are larger than checkout's from the small breakpoint up.
const imageClass = 'sm:size-24';

const stepButton =
  'grid size-8 place-items-center text-lg leading-none text-gray-700 hover:bg-gray-100 disabled:cursor-not-allowed disabled:text-gray-300 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-600';

interface CartLineProps {
  product: Product;
  quantity: number;
  totalCents: number;
  /** The viewer sells it: nobody buys their own products, so it offers no Buy Now. */
  isOwn: boolean;
  onIncrement: () => void;
  onDecrement: () => void;
  onBuyNow: () => void;
  onRemove: () => void;
}

export function CartLine({
  product,
  quantity,
  totalCents,
  isOwn,
  onIncrement,
  onDecrement,
  onBuyNow,
  onRemove,
}: CartLineProps) {
  // Plus stops at what the shop has of a counted product.
  const mostWanted = Math.min(QUANTITY_MAX, product.stock ?? QUANTITY_MAX);
  return (
    <li
      className={`${productLineClass} grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-3 sm:grid-cols-[auto_minmax(0,1fr)_auto]`}
    >
      <ProductLineImage image={product.mainImage} className={imageClass} />
      <div className="min-w-0 space-y-1">
        <h2 className="text-base font-semibold">
          <ProductNameLink
            product={product}
            className="rounded hover:text-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
          />
        </h2>
        <Price price={product.price} discount={product.discount} />
        <StockLabel stock={product.stock} quantity={quantity} />
        {isOwn && (
          <p className="text-sm font-semibold text-rose-700">This is your product: you cannot buy it</p>
        )}
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
            disabled={quantity >= mostWanted}
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
          {!isOwn && (
            <Button size="sm" aria-label={`Buy Now: ${product.name}`} onClick={onBuyNow}>
              Buy Now
            </Button>
          )}
          <Button variant="danger-outline" size="sm" aria-label={`Remove ${product.name}`} onClick={onRemove}>
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}

/** A line whose product is still on its way. */
export function CartLineLoading() {
  return <ProductLineLoading imageClassName={imageClass} />;
}

/** A line whose product could not be loaded: retry, or give it up. */
export function CartLineFailed({ onRetry, onRemove }: { onRetry: () => void; onRemove: () => void }) {
  return (
    <ProductLineFailed onRetry={onRetry}>
      <Button variant="danger-outline" size="sm" onClick={onRemove}>
        Remove
      </Button>
    </ProductLineFailed>
  );
}
