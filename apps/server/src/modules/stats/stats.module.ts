import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createStatsRepository } from './stats.repository.ts';
import { statsRoutes } from './stats.routes.ts';
import { createStatsService } from './stats.service.ts';

/** `clock` tells the dashboard what time it is; tests fix it to place orders in known months. */
export async function registerStats(
  api: FastifyInstance,
  { db, clock }: { db: Database; clock: () => Date },
) {
  await api.register(statsRoutes(createStatsService(createStatsRepository(db), clock)));
}
