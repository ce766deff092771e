import { formatDollars } from '@bazaar/shared/pricing';
import { Button } from '../../components/button.tsx';
import type { Shipping } from './api/use-shipping.ts';

/** One figure of a summary list (`<dl>`). */
export function SummaryRow({
  label,
  value,
  strong = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 py-2 ${strong ? 'text-base font-bold' : 'text-sm'}`}
    >
      <dt className={strong ? '' : 'text-gray-600'}>{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * The spec's Shipping Fee row, now what the order is charged: each seller ships their own part, for their fee or
 * free from their amount.
 */
export function ShippingRows({ shipping }: { shipping: Shipping }) {
  if (shipping.status === 'pending') return <SummaryRow label="Shipping Fee" value="…" />;
  if (shipping.status === 'error') {
    return (
      <div className="flex items-baseline justify-between gap-4 py-2 text-sm">
        <dt className="text-gray-600">Shipping Fee</dt>
        <dd className="text-right">
          <span className="text-rose-700">Could not be loaded.</span>{' '}
          <Button variant="outline" size="sm" onClick={shipping.retry}>
            Retry
          </Button>
        </dd>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 py-2 text-sm">
      <dt className="text-gray-600">Shipping Fee</dt>
      <dd className="font-semibold tabular-nums">{formatDollars(shipping.shippingCents)}</dd>
      <dd className="basis-full">
        <ul aria-label="Shipping from each seller" className="mt-1 space-y-1 pl-3 text-xs text-gray-600">
          {shipping.parts.map((part) => (
            <li key={part.seller.handle} className="flex items-baseline justify-between gap-4">
              <span>
                from {part.seller.name}
                {part.freeOverCents !== null && part.shippingCents > 0 && (
                  <span className="block">
                    free from {formatDollars(part.freeOverCents)} of their products
                  </span>
                )}
              </span>
              <span className="tabular-nums">
                {part.shippingCents === 0 ? 'Free' : formatDollars(part.shippingCents)}
              </span>
            </li>
          ))}
        </ul>
      </dd>
    </div>
  );
}
