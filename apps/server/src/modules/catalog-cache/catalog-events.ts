import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import type { CatalogCache } from './catalog-cache.ts';

export const CATALOG_CHANNEL = 'bazaar_catalog';

/**
 * Tells every server process that the catalog changed. Inside a transaction PostgreSQL sends it when the
 * transaction commits, so call it in the transaction of the write.
 */
export async function announceCatalogChange(db: Pick<Database, 'execute'>): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, '')`);
}

/**
 * Empties `cache` on every catalog change announced by any process, and bypasses it while deaf to them;
 * resolves to the function that stops following.
 */
export async function followCatalogChanges(
  database: DatabaseHandle,
  cache: CatalogCache,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const subscription = await database.listen(CATALOG_CHANNEL, {
    notified: () => cache.invalidate(),
    connected: () => cache.follow(true),
    disconnected: (error) => {
      log.warn(
        { err: error },
        'catalog change listener lost: the catalog cache is bypassed until it is back',
      );
      cache.follow(false);
    },
  });
  cache.catchUpWith(subscription.caughtUp);
  return subscription.stop;
}
