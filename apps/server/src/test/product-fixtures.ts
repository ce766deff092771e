import { sql } from 'drizzle-orm';
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
    // A flash sale runs for a day unless the test says when it ends.
    flashSaleEndsAt:
      overrides.flashSaleEndsAt ?? (overrides.flashSale ? new Date(Date.now() + 24 * 60 * 60_000) : null),
  };
}

export async function insertFixtureSeller(db: Database) {
  await db.insert(users).values(FIXTURE_SELLER).onConflictDoNothing();
}

export async function insertProducts(db: Database, rows: NewProductRow[]) {
  if (rows.some((row) => row.sellerId === FIXTURE_SELLER.id)) await insertFixtureSeller(db);
  return db.insert(products).values(rows).returning();
}

/**
 * `size` fixture products made inside the database, a 100k catalog in seconds (as products.plan.test.ts makes its
 * own): names varied enough for trigrams, five categories, a flash sale in ten, and stock from 0 to 6.
 */
export async function insertGeneratedCatalog(db: Database, size: number) {
  await insertFixtureSeller(db);
  await db.execute(sql`
    insert into products (name, price_cents, main_image_url, seller_id, flash_sale, flash_sale_ends_at, categories,
      created_at, brand, discount, ratings, stock)
    select
      (array['Aurora','Nimbus','Vertex','Solace','Ember'])[1 + i % 5] || ' ' ||
      (array['Headphones','Kettle','Sneakers','Backpack','Lamp','Watch'])[1 + i % 6] || ' ' || md5(i::text),
      100 + i % 5000, '/images/products/x/' || (1 + i % 20) || '.svg', ${FIXTURE_SELLER.id}, i % 10 = 0,
      case when i % 10 = 0 then now() + interval '1 day' end,
      array[(array['phones','home','kitchen','toys','books'])[1 + i % 5]],
      now() - make_interval(secs => i),
      (array['Acme','Zenith','Umbra','Borealis'])[1 + i % 4] || case when i % 1000 = 0 then ' Rare' else '' end,
      i % 3 * 10, (i % 11) / 2.0, i % 7
    from generate_series(1, ${size}) as i`);
  await db.execute(sql`analyze products`);
}
