import type { Image } from '@bazaar/shared/products';
import { Picture } from './picture.tsx';

/**
 * A product's picture on a grey ground (shown until it loads), or without `image` the grey block that
 * stands in for it while the product loads. `className` gives the size and the shape.
 */
export function ProductImage({
  image,
  width,
  sizes,
  className,
  lead = false,
}: {
  image?: Image;
  /** The picture's intrinsic width and height in CSS pixels, so the page does not jump as it loads. */
  width: number;
  /** How wide the picture is shown (`<img sizes>`), for an uploaded picture's choice of widths. */
  sizes: string;
  className: string;
  /**
   * One of the first pictures the page opens with (its largest paint): fetched at once with high priority and
   * painted with the rest of the screen, not lazily in a later frame.
   */
  lead?: boolean;
}) {
  if (!image) return <span aria-hidden="true" className={`block animate-pulse bg-gray-100 ${className}`} />;
  return (
    <Picture
      src={image.url}
      alt={image.alt}
      sizes={sizes}
      width={width}
      height={width}
      {...(lead
        ? { fetchPriority: 'high' as const }
        : { loading: 'lazy' as const, decoding: 'async' as const })}
      className={`bg-gray-100 object-cover ${className}`}
    />
  );
}
