import type { FastifyInstance } from 'fastify';
import { and, eq, gt, min, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { followChanges } from '../../db/follow-changes.ts';
import { createCatalogCache } from './catalog-cache.ts';

export { cachedRoute } from './cached-route.ts';
export type { CatalogCache } from './catalog-cache.ts';

/**
 * The channel of migration 0021's announcements: a statement changed products, categories, reviews or a seller's
 * name. Triggers announce every write, whichever code makes it, when its transaction commits.
 */
const CATALOG_CHANNEL = 'bazaar_catalog';

/** The soonest end of a running flash sale: the catalog's answers (its lists, the product) change then. */
async function soonestFlashSaleEnd(db: Database): Promise<number | null> {
  const [row] = await db
    .select({ end: min(products.flashSaleEndsAt) })
    .from(products)
    .where(and(eq(products.flashSale, true), gt(products.flashSaleEndsAt, sql`now()`)));
  return row?.end ? new Date(row.end).getTime() : null;
}

/** The cache of rendered catalog answers, emptied whenever any server process announces a catalog change. */
export async function registerCatalogCache(
  app: FastifyInstance,
  { database, megabytes }: { database: DatabaseHandle; megabytes: number },
) {
  const cache = createCatalogCache(megabytes * 1024 * 1024, {
    nextExpiry: () => soonestFlashSaleEnd(database.db),
  });
  if (megabytes > 0) {
    const stopFollowing = await followChanges(database, CATALOG_CHANNEL, cache, {
      log: app.log,
      what: 'the catalog cache',
    });
    app.addHook('onClose', () => stopFollowing());
  }
  return cache;
}
