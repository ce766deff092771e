import { discountedCents, dollarsToCents, formatDollars } from '@bazaar/shared/pricing';

/** A product's price as the spec shows it: discounted price, then the original struck through with the percent off. */
export function Price({
  price,
  discount,
  className = '',
}: {
  price: number;
  discount: number;
  className?: string;
}) {
  const cents = dollarsToCents(price);
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className="font-semibold text-teal-700">{formatDollars(discountedCents(cents, discount))}</span>
      {discount > 0 && (
        <>
          <s className="text-sm text-gray-600">{formatDollars(cents)}</s>
          <span className="text-sm font-medium text-rose-700">-{discount}%</span>
        </>
      )}
    </p>
  );
}
