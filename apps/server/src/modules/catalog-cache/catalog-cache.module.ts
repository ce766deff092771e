import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { followChanges } from '../../db/follow-changes.ts';
import { createCatalogCache } from './catalog-cache.ts';

export { cachedRoute } from './cached-route.ts';
export type { CatalogCache } from './catalog-cache.ts';

/**
 * The channel of migration 0021's announcements: a statement changed products, categories, reviews or a seller's
 * name. Triggers announce every write, whichever code makes it, when its transaction commits.
 */
const CATALOG_CHANNEL = 'bazaar_catalog';

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
