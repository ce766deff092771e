import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { startPaymentExpiry } from './payment-expiry.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { paymentRoutes } from './payments.routes.ts';
import { createPaymentsService, type MoveLines } from './payments.service.ts';

/**
 * Payments: built before orders, which show each order's payment and run `forOrders.afterMove` in every move of
 * lines; `register` then adds the routes and the ending of unpaid orders, which moves lines as orders do.
 */
export function createPayments({ db, env }: { db: Database; env: Env }) {
  const service = createPaymentsService(createPaymentsRepository(db), {
    configured: {
      bkashNumber: env.BKASH_NUMBER ?? null,
      rocketNumber: env.ROCKET_NUMBER ?? null,
      commissionPercent: env.COMMISSION_PERCENT,
    },
    windowHours: env.PAYMENT_WINDOW_HOURS,
    shopUrl: env.PUBLIC_URL,
  });
  return {
    forOrders: service.forOrders,
    /** The methods checkout offers and their numbers, for the web app's configuration. */
    paymentOptions: service.paymentOptions,
    async register(api: FastifyInstance, { moveLines }: { moveLines: MoveLines }) {
      await api.register(paymentRoutes(service));
      const expiry = startPaymentExpiry({
        service,
        moveLines,
        everyMs: env.PAYMENT_EXPIRY_INTERVAL_SECONDS * 1000,
        log: api.log,
      });
      // Before the database closes: the round in flight finishes its order.
      api.addHook('preClose', () => expiry.stop());
    },
  };
}
