import type { Product } from '@bazaar/shared/products';
import { Link } from 'react-router';

/** A product's name as the link to its page. */
export function ProductNameLink({ product, className }: { product: Product; className: string }) {
  return (
    <Link to={`/product/${product._id}`} className={className}>
      {product.name}
    </Link>
  );
}
