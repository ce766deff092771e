import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ShopTotals } from '../earnings/earnings.module.ts';
import { createStatsRepository } from './stats.repository.ts';
import { statsRoutes } from './stats.routes.ts';
import { createStatsService } from './stats.service.ts';

/**
 * `clock` tells the dashboard what time it is; tests fix it to place orders in known months. `shopTotals` is the
 * earnings module's: the shop's money with its sellers, for the admin's overview.
 */
export async function registerStats(
  api: FastifyInstance,
  { db, clock, shopTotals }: { db: Database; clock: () => Date; shopTotals: () => Promise<ShopTotals> },
) {
  await api.register(statsRoutes(createStatsService(createStatsRepository(db), clock, shopTotals)));
}
