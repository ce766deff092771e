import { LOW_STOCK } from '@bazaar/shared/products-constants';

/**
 * What a shopper is told about a product's stock, for `quantity` of it: "Out of stock", "Only N left" when
 * stock is low or short of the quantity, nothing when it is not counted (null) or plentiful.
 */
function stockNote(stock: number | null, quantity = 1): string | undefined {
  if (stock === null) return undefined;
  if (stock === 0) return 'Out of stock';
  if (stock <= LOW_STOCK || stock < quantity) return `Only ${stock} left`;
  return undefined;
}

/** The stock note of a product (card, page, cart or checkout line); red when `quantity` cannot be had. */
export function StockLabel({
  stock,
  quantity = 1,
  className = '',
}: {
  stock: number | null;
  quantity?: number;
  className?: string;
}) {
  const note = stockNote(stock, quantity);
  if (!note) return null;
  const short = stock !== null && stock < quantity;
  return (
    <p className={`text-sm font-semibold ${short ? 'text-rose-700' : 'text-amber-800'} ${className}`}>
      {note}
    </p>
  );
}
