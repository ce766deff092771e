import type { FastifyInstance } from 'fastify';
import { CATALOG_CHANNEL } from '../../db/catalog-changes.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { followChanges } from '../../db/follow-changes.ts';
import { createCatalogCache } from './catalog-cache.ts';

export { cachedRoute } from './cached-route.ts';
export type { CatalogCache } from './catalog-cache.ts';

/** The cache of rendered catalog answers, emptied whenever any server process announces a catalog change. */
export async function registerCatalogCache(
  app: FastifyInstance,
  { database, megabytes }: { database: DatabaseHandle; megabytes: number },
) {
  const cache = createCatalogCache(megabytes * 1024 * 1024);
  if (megabytes > 0) {
    const stopFollowing = await followChanges(database, CATALOG_CHANNEL, cache, {
      log: app.log,
      what: 'the catalog cache',
    });
    app.addHook('onClose', () => stopFollowing());
  }
  return cache;
}
