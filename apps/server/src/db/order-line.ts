import { lineTotalCents } from '@bazaar/shared/pricing';
import type { products } from './schema.ts';

type Product = Pick<
  typeof products.$inferSelect,
  'id' | 'name' | 'priceCents' | 'discount' | 'mainImageUrl'
> & {
  /** The seller's account e-mail: order lines still key sales by it. */
  sellerEmail: string;
};

/** An order line: what the product was (name, price, discount, picture, seller) at the moment it was ordered. */
export function snapshotLine(product: Product, quantity: number, position: number) {
  return {
    position,
    productId: product.id,
    sellerEmail: product.sellerEmail,
    name: product.name,
    unitPriceCents: product.priceCents,
    discount: product.discount,
    imageUrl: product.mainImageUrl,
    quantity,
    lineTotalCents: lineTotalCents(product.priceCents, product.discount, quantity),
  };
}
