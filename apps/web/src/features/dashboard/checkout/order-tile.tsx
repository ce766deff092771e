import { formatDollars } from '@bazaar/shared/pricing';
import type { Product } from '@bazaar/shared/products';
import { Price } from '../../../components/price.tsx';
import { ProductLineImage, productLineClass } from '../../../components/product-line.tsx';
import { StockLabel } from '../../../components/stock-label.tsx';

/** A read-only line of the order: what is bought, how many, and what the line costs; `isOwn` marks the viewer's. */
export function OrderTile({
  product,
  quantity,
  totalCents,
  isOwn,
}: {
  product: Product;
  quantity: number;
  totalCents: number;
  isOwn: boolean;
}) {
  return (
    <li className={`${productLineClass} flex gap-4`}>
      <ProductLineImage image={product.mainImage} />
      <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 space-y-1">
          <h2 className="font-semibold">{product.name}</h2>
          <Price price={product.price} discount={product.discount} />
          <StockLabel stock={product.stock} quantity={quantity} />
          {isOwn && <p className="text-sm font-semibold text-rose-700">This is your product</p>}
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
