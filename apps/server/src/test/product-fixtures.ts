import type { Database } from '../db/client.ts';
import { products } from '../db/schema.ts';

export type NewProductRow = typeof products.$inferInsert;

let sequence = 0;

/** A valid product row; tests override what they assert on. */
export function productRow(overrides: Partial<NewProductRow> = {}): NewProductRow {
  sequence += 1;
  return {
    name: `Test product ${sequence}`,
    priceCents: 1000,
    description: 'A product made for tests.',
    discount: 0,
    brand: 'Testbrand',
    ratings: 4,
    reviewsCount: 10,
    flashSale: false,
    mainImageUrl: `/images/products/test-product-${sequence}/1.svg`,
    imageUrls: [],
    features: ['sturdy'],
    colors: ['red'],
    categories: ['phones'],
    estimatedDelivery: '3-5 business days',
    addedBy: 'seller@bazaar.test',
    // Distinct, increasing creation times make newest-first order predictable.
    createdAt: new Date(Date.UTC(2026, 0, 1) + sequence * 60_000),
    ...overrides,
  };
}

export async function insertProducts(db: Database, rows: NewProductRow[]) {
  return db.insert(products).values(rows).returning();
}
