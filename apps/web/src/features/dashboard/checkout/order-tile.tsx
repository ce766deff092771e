import { formatDollars } from '@bazaar/shared/pricing';
import type { Product } from '@bazaar/shared/products';
import { Price } from '../../../components/price.tsx';

const tileClass = 'rounded-2xl border border-gray-200 bg-white p-4 shadow-sm';

/** A read-only line of the order: what is bought, how many, and what the line costs. */
export function OrderTile({
  product,
  quantity,
  totalCents,
}: {
  product: Product;
  quantity: number;
  totalCents: number;
}) {
  return (
    <li className={`${tileClass} flex gap-4`}>
      <img
        src={product.mainImage.url}
        alt={product.mainImage.alt}
        width={80}
        height={80}
        className="size-20 shrink-0 rounded-xl bg-gray-100 object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 space-y-1">
          <h2 className="font-semibold">{product.name}</h2>
          <Price price={product.price} discount={product.discount} />
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-3 text-sm sm:text-right">
          <dt className="text-gray-600">Quantity</dt>
          <dd className="font-semibold tabular-nums">{quantity}</dd>
          <dt className="text-gray-600">Line total</dt>
          <dd className="font-semibold tabular-nums">{formatDollars(totalCents)}</dd>
        </dl>
      </div>
    </li>
  );
}

export function OrderTileLoading() {
  return (
    <li aria-busy="true" className={`${tileClass} flex gap-4`}>
      <span aria-hidden="true" className="size-20 shrink-0 animate-pulse rounded-xl bg-gray-100" />
      <span className="sr-only">Loading a product…</span>
    </li>
  );
}

/** A line whose product could not be loaded (network or server failure). */
export function OrderTileFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <li className={`${tileClass} flex flex-wrap items-center justify-between gap-4`}>
      <p role="alert" className="text-sm text-rose-700">
        This product could not be loaded.
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
      >
        Retry
      </button>
    </li>
  );
}
