import type { Image } from '@bazaar/shared/products';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { ProductImage } from './product-image.tsx';

/** The frame of a product's line in the cart and in checkout. */
export const productLineClass = 'rounded-2xl border border-gray-200 bg-white p-4 shadow-sm';

/** The picture of a product's line, or its grey stand-in while the product loads; `className` may enlarge it. */
export function ProductLineImage({ image, className = '' }: { image?: Image; className?: string }) {
  return (
    <ProductImage
      image={image}
      width={96}
      sizes="96px"
      className={`size-20 shrink-0 rounded-xl ${className}`}
    />
  );
}

/** A line whose product is still on its way; `imageClassName` is the loaded line's picture size. */
export function ProductLineLoading({ imageClassName }: { imageClassName?: string }) {
  return (
    <li aria-busy="true" className={`${productLineClass} flex gap-4`}>
      <ProductLineImage className={imageClassName} />
      <span className="sr-only">Loading a product…</span>
      <span aria-hidden="true" className="flex flex-1 flex-col gap-2 pt-1">
        <span className="h-4 w-1/2 animate-pulse rounded bg-gray-100" />
        <span className="h-4 w-1/4 animate-pulse rounded bg-gray-100" />
      </span>
    </li>
  );
}

/** A line whose product could not be loaded (network or server failure): Retry, and any other way out. */
export function ProductLineFailed({ onRetry, children }: { onRetry: () => void; children?: ReactNode }) {
  return (
    <li className={`${productLineClass} flex flex-wrap items-center justify-between gap-4`}>
      <p role="alert" className="text-sm text-rose-700">
        This product could not be loaded.
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Retry
        </Button>
        {children}
      </div>
    </li>
  );
}
