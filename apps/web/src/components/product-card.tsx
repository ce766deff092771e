import { CARD_PICTURE_SIZES } from '@bazaar/shared/page-data';
import type { Product } from '@bazaar/shared/products';
import type { ReactNode } from 'react';
import { Price } from './price.tsx';
import { ProductImage } from './product-image.tsx';
import { ProductNameLink } from './product-link.tsx';
import { Stars } from './stars.tsx';
import { StockLabel } from './stock-label.tsx';

export type HeadingLevel = 2 | 3;

const cardClasses = 'flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200';
// Two lines whatever the name's length, so that every card (and its placeholder) has the same height.
const nameClasses = 'line-clamp-2 min-h-[2lh] text-sm leading-snug';
// The server's preloads of a list's first cards use the same sizes, so the browser picks the same width.
const CARD_SIZES = CARD_PICTURE_SIZES;

/** A product in a list: the whole card leads to the product page through the link on its name. */
export function ProductCard({
  product,
  headingLevel = 3,
  lead = false,
  children,
}: {
  product: Product;
  headingLevel?: HeadingLevel;
  /** One of the first cards of the page, whose picture is its largest paint (see ProductImage). */
  lead?: boolean;
  /** Controls under the price (a seller's Edit and Delete), kept above the card-wide link. */
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={`${cardClasses} group relative transition hover:-translate-y-0.5 hover:shadow-md has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-teal-700`}
    >
      <div className="relative aspect-square bg-gray-100">
        <ProductImage
          image={product.mainImage}
          width={600}
          sizes={CARD_SIZES}
          lead={lead}
          className="size-full transition-transform duration-300 group-hover:scale-105"
        />
        {product.flash_sale && (
          <span className="absolute top-2 left-2 rounded-full bg-rose-700 px-2 py-0.5 text-xs font-semibold text-white shadow">
            Flash Sale
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <Heading className={`${nameClasses} font-medium text-gray-900`}>
          {/* The link covers the card (after:inset-0) so the image is clickable too, with one tab stop. */}
          <ProductNameLink
            product={product}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          />
        </Heading>
        <Stars rating={product.ratings} className="text-sm" />
        <Price price={product.price} discount={product.discount} className="mt-auto" />
        <StockLabel stock={product.stock} />
        {children && <div className="relative z-10 pt-1">{children}</div>}
      </div>
    </article>
  );
}

/** A grey card of a product card's size, shown while the products load. */
export function ProductCardPlaceholder() {
  return (
    <div aria-hidden="true" className={cardClasses}>
      <ProductImage width={600} sizes={CARD_SIZES} className="aspect-square" />
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <div className={nameClasses}>
          <div className="h-[1lh] w-4/5 rounded bg-gray-100" />
        </div>
        {/* The heights of Stars (1em of text-sm) and Price (a line of body text). */}
        <div className="h-3.5 w-20 rounded bg-gray-100" />
        <div className="mt-auto h-6 w-16 rounded bg-gray-100" />
      </div>
    </div>
  );
}
