import { LEAD_CARD_PICTURES } from '@bazaar/shared/page-data';
import type { Product } from '@bazaar/shared/products';
import { ProductCard, ProductCardPlaceholder, type HeadingLevel } from './product-card.tsx';

const gridClasses = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-6';
// Beside a filters sidebar (from lg up) the list has about three quarters of the width.
const besideFiltersClasses = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 xl:grid-cols-5';

/**
 * The public product list layout: 2 columns on phones, 3 on small screens, 6 from medium up (4 or 5 when
 * `besideFilters`).
 */
export function ProductGrid({
  products,
  headingLevel,
  besideFilters = false,
  leadPictures = false,
}: {
  products: readonly Product[];
  headingLevel?: HeadingLevel;
  besideFilters?: boolean;
  /**
   * The grid opens the page (search, a seller's products): its first pictures are its largest paint, fetched
   * early by the page's head (LEAD_CARD_PICTURES) and shown at once.
   */
  leadPictures?: boolean;
}) {
  return (
    <ul className={besideFilters ? besideFiltersClasses : gridClasses}>
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard
            product={product}
            headingLevel={headingLevel}
            lead={leadPictures && index < LEAD_CARD_PICTURES}
          />
        </li>
      ))}
    </ul>
  );
}

/** The grid's place while `count` products load. */
export function ProductGridPlaceholder({ count }: { count: number }) {
  return (
    <div className={gridClasses}>
      {Array.from({ length: count }, (_, index) => (
        <ProductCardPlaceholder key={index} />
      ))}
    </div>
  );
}
