import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { createEarningsRepository } from './earnings.repository.ts';
import { earningsRoutes } from './earnings.routes.ts';
import { createEarningsService } from './earnings.service.ts';

// What other modules (and the demo's seed) may use of earnings: the ledger's rule.
export { orderEntries } from './ledger-rules.ts';

/**
 * The sellers' ledger, payouts and earnings: built before orders, whose every move of lines runs `afterMove` to write
 * the ledger's entries in the move's transaction; `register` then adds the routes.
 */
export function createEarnings({ db, env }: { db: Database; env: Env }) {
  const service = createEarningsService(createEarningsRepository(db, { holdDays: env.PAYOUT_HOLD_DAYS }), {
    shopUrl: env.PUBLIC_URL,
  });
  return {
    afterMove: service.afterMove,
    /** The shop's commission earned and what it owes its sellers or they owe it, for the admin's overview. */
    shopTotals: service.shopTotals,
    async register(api: FastifyInstance) {
      await api.register(earningsRoutes(service));
    },
  };
}

export type ShopTotals = Awaited<ReturnType<ReturnType<typeof createEarnings>['shopTotals']>>;
