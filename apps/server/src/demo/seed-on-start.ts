import type { Database } from '../db/client.ts';
import { categories } from '../db/schema.ts';
import { seedDemoData, type SeedSummary } from './seed.ts';

export const DEMO_PRODUCT_COUNT = 150;

/** Seeds the demo catalog into a database that has never been seeded; answers what it created, if anything. */
export async function seedDemoIfEmpty(
  db: Database,
  payoutHoldDays: number,
): Promise<SeedSummary | undefined> {
  const [anyCategory] = await db.select({ id: categories.id }).from(categories).limit(1);
  if (anyCategory) return undefined;
  return seedDemoData(db, { products: DEMO_PRODUCT_COUNT, payoutHoldDays });
}
