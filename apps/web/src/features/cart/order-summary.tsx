import { useId } from 'react';
import { formatDollars } from '@bazaar/shared/pricing';
import { Button } from '../../components/button.tsx';
import type { Shipping } from './api/use-shipping.ts';
import { ShippingRows, SummaryRow } from './summary-rows.tsx';

interface OrderSummaryProps {
  totalItems: number;
  totalQuantity: number;
  /** What the products come to. */
  goodsCents: number;
  shipping: Shipping;
  /** Some lines' products could not be loaded, so Total Price leaves them out. */
  isPartial: boolean;
  /** Some lines want more than the shop has left: checkout waits until they change. */
  hasShortLines: boolean;
  onCheckout: () => void;
  onClear: () => void;
}

export function OrderSummary({
  totalItems,
  totalQuantity,
  goodsCents,
  shipping,
  isPartial,
  hasShortLines,
  onCheckout,
  onClear,
}: OrderSummaryProps) {
  const headingId = useId();
  const shortNoteId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm lg:sticky lg:top-6"
    >
      <h2 id={headingId} className="text-lg font-bold">
        Order Summery
      </h2>
      <dl className="mt-3 divide-y divide-gray-100">
        <SummaryRow label="Total Items" value={String(totalItems)} />
        <SummaryRow label="Total Quantity" value={String(totalQuantity)} />
        <SummaryRow label="Products" value={formatDollars(goodsCents)} />
        <ShippingRows shipping={shipping} />
        <SummaryRow
          label="Total Price"
          value={shipping.status === 'success' ? formatDollars(goodsCents + shipping.shippingCents) : '…'}
          strong
        />
      </dl>
      <p className="mt-1 text-xs text-gray-500">
        Each seller ships their own products to you. The Total Price includes their shipping.
      </p>
      {isPartial && (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900">
          Total Price leaves out the products that are still loading or could not be loaded.
        </p>
      )}
      {hasShortLines && (
        <p id={shortNoteId} className="mt-2 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
          Some products are no longer available in the quantity you chose. Lower or remove the lines marked in
          red to check out.
        </p>
      )}
      <div className="mt-5 flex flex-col gap-2">
        <Button
          onClick={onCheckout}
          disabled={hasShortLines}
          aria-describedby={hasShortLines ? shortNoteId : undefined}
        >
          Checkout
        </Button>
        <Button variant="secondary" onClick={onClear} disabled={totalItems === 0}>
          Clear Cart
        </Button>
      </div>
    </section>
  );
}
