import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

export const CATALOG_CHANNEL = 'bazaar_catalog';

/**
 * Tells every server process that the catalog changed. Inside a transaction PostgreSQL sends it when the
 * transaction commits, so call it in the transaction of the write.
 */
export async function announceCatalogChange(db: Pick<Database, 'execute'>): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, '')`);
}
