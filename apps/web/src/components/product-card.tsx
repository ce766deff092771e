import type { Product } from '@bazaar/shared/products';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Price } from './price.tsx';
import { Stars } from './stars.tsx';

export type HeadingLevel = 2 | 3;

/** A product in a list: the whole card leads to the product page through the link on its name. */
export function ProductCard({
  product,
  headingLevel = 3,
  children,
}: {
  product: Product;
  headingLevel?: HeadingLevel;
  /** Controls under the price (a seller's Edit and Delete), kept above the card-wide link. */
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200 transition hover:-translate-y-0.5 hover:shadow-md has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-teal-700">
      <div className="relative aspect-square bg-gray-100">
        <img
          src={product.mainImage.url}
          alt={product.mainImage.alt}
          width={600}
          height={600}
          loading="lazy"
          decoding="async"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        {product.flash_sale && (
          <span className="absolute top-2 left-2 rounded-full bg-rose-700 px-2 py-0.5 text-xs font-semibold text-white shadow">
            Flash Sale
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <Heading className="line-clamp-2 text-sm leading-snug font-medium text-gray-900">
          {/* The link covers the card (after:inset-0) so the image is clickable too, with one tab stop. */}
          <Link
            to={`/product/${product._id}`}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {product.name}
          </Link>
        </Heading>
        <Stars rating={product.ratings} className="text-sm" />
        <Price price={product.price} discount={product.discount} className="mt-auto" />
        {children && <div className="relative z-10 pt-1">{children}</div>}
      </div>
    </article>
  );
}
