import { uploadSrcSet } from '@bazaar/shared/uploads';
import type { ImgHTMLAttributes } from 'react';

/**
 * An `<img>` of `src`. When `src` is a picture uploaded to the shop, it also lists the picture's stored widths
 * (`srcSet`) so that the browser fetches the smallest one that fills `sizes` (a phone never fetches the widest
 * one for a card). `sizes` says how wide the picture is shown, as in the `<img sizes>` attribute.
 */
export function Picture({
  src,
  sizes,
  alt,
  ...img
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; sizes: string; alt: string }) {
  const srcSet = uploadSrcSet(src);
  return <img src={src} alt={alt} {...(srcSet ? { srcSet, sizes } : {})} {...img} />;
}
