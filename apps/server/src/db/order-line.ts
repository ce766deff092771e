import type { PgColumn } from 'drizzle-orm/pg-core';
import { lineTotalCents } from '@bazaar/shared/pricing';
import { products, users, type orderLines } from './schema.ts';

type OrderLine = typeof orderLines.$inferSelect;

/**
 * What an order line copies from its product and the product's seller, each under the line's name for it: the one
 * list that the pricing read selects, `snapshotLine` copies and the order placement checks every line against
 * (decision 027). A column added here is read, copied and checked.
 */
export const lineCopies = {
  name: products.name,
  unitPriceCents: products.priceCents,
  discount: products.discount,
  imageUrl: products.mainImageUrl,
  /** The seller's account e-mail: order lines still key sales by it. */
  sellerEmail: users.email,
} satisfies Partial<Record<keyof OrderLine, PgColumn>>;

/**
 * The seller's public identity as the answer of a line just priced shows it: checked with the copies, but not stored
 * (answers of stored lines read it from users).
 */
export const lineSeller = { handle: users.handle, name: users.name } satisfies Record<string, PgColumn>;

/**
 * The seller's shipping terms, which price the order's part of the seller: checked with the copies, not stored on the
 * line (the order keeps the shipping they came to, in order_parts).
 */
export const lineSellerTerms = {
  shippingFeeCents: users.shippingFeeCents,
  freeShippingOverCents: users.freeShippingOverCents,
} satisfies Record<string, PgColumn>;

type Copies = Pick<OrderLine, keyof typeof lineCopies>;
const copiedKeys = Object.keys(lineCopies) as (keyof Copies)[];

/** An order line: what the product was (`lineCopies`) at the moment it was ordered. */
export function snapshotLine(product: Copies & { id: string }, quantity: number, position: number) {
  const copies = Object.fromEntries(copiedKeys.map((key) => [key, product[key]])) as Copies;
  return {
    position,
    productId: product.id,
    ...copies,
    quantity,
    lineTotalCents: lineTotalCents(product.unitPriceCents, product.discount, quantity),
  };
}

/** A line of `quantity` of `product`, priced from it, with its seller's identity and terms the placement checks. */
export function pricedLine<Seller, Terms>(
  product: Copies & { id: string; seller: Seller; terms: Terms },
  quantity: number,
  position: number,
) {
  const { seller, terms } = product;
  return { ...snapshotLine(product, quantity, position), seller, terms };
}
