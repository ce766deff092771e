import type { Database } from '../db/client.ts';
import { products, users } from '../db/schema.ts';

export type NewProductRow = typeof products.$inferInsert;

/** The seller of fixture products that name none: a user who cannot sign in. */
export const FIXTURE_SELLER = {
  id: 'fixture-seller',
  name: 'Fixture Seller',
  email: 'fixture-seller@bazaar.test',
  handle: 'fixture-seller',
};

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
    sellerId: FIXTURE_SELLER.id,
    // Distinct, increasing creation times make newest-first order predictable.
    createdAt: new Date(Date.UTC(2026, 0, 1) + sequence * 60_000),
    ...overrides,
  };
}

export async function insertFixtureSeller(db: Database) {
  await db.insert(users).values(FIXTURE_SELLER).onConflictDoNothing();
}

export async function insertProducts(db: Database, rows: NewProductRow[]) {
  if (rows.some((row) => row.sellerId === FIXTURE_SELLER.id)) await insertFixtureSeller(db);
  return db.insert(products).values(rows).returning();
}
