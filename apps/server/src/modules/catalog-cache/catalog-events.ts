import type { FastifyBaseLogger } from 'fastify';
import { CATALOG_CHANNEL } from '../../db/catalog-changes.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { CatalogCache } from './catalog-cache.ts';

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
