import type { Product } from '@bazaar/shared/products';
import { ProductCard, type HeadingLevel } from './product-card.tsx';

/** The public product list layout: 2 columns on phones, 3 on small screens, 6 from medium up. */
export function ProductGrid({
  products,
  headingLevel,
}: {
  products: readonly Product[];
  headingLevel?: HeadingLevel;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-6">
      {products.map((product) => (
        <li key={product._id}>
          <ProductCard product={product} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
