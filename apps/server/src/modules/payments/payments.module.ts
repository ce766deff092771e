import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { followChanges } from '../../db/follow-changes.ts';
import { startPaymentExpiry } from './payment-expiry.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { paymentRoutes } from './payments.routes.ts';
import { createPaymentsService, type MoveLines } from './payments.service.ts';
import { createCardRepository } from './stripe/card.repository.ts';
import { cardRoutes } from './stripe/card.routes.ts';
import { createCardPayments, type CardPayments } from './stripe/card.service.ts';
import { createStripeClient } from './stripe/stripe-client.ts';

/** The channel of migration 0035's announcements: the settings were written. */
const SETTINGS_CHANNEL = 'bazaar_settings';

/**
 * Payments: built before orders, which show each order's payment and run `forOrders.afterMove` in every move of
 * lines; `register` then adds the routes, cards through Stripe when configured, and the ending of unpaid orders,
 * which moves lines as orders do.
 */
export function createPayments({ database, env }: { database: DatabaseHandle; env: Env }) {
  const { db } = database;
  const repository = createPaymentsRepository(db);
  let cards: CardPayments | undefined;
  const service = createPaymentsService(repository, {
    configured: {
      bkashNumber: env.BKASH_NUMBER ?? null,
      rocketNumber: env.ROCKET_NUMBER ?? null,
      commissionPercent: env.COMMISSION_PERCENT,
    },
    windowHours: env.PAYMENT_WINDOW_HOURS,
    shopUrl: env.PUBLIC_URL,
    cardsOffered: env.STRIPE !== undefined,
    onCardRefundDue: (orderId) => cards?.refundSoon(orderId),
  });
  return {
    forOrders: service.forOrders,
    /** The methods checkout offers and their numbers, for the web app's configuration. */
    paymentOptions: service.paymentOptions,
    async register(api: FastifyInstance, { moveLines }: { moveLines: MoveLines }) {
      cards =
        env.STRIPE &&
        createCardPayments({
          stripe: createStripeClient(env.STRIPE),
          webhookSecret: env.STRIPE.webhookSecret,
          repository,
          cards: createCardRepository(db),
          payments: service,
          shopUrl: env.PUBLIC_URL,
          log: api.log,
        });
      const stopFollowing = await followChanges(database, SETTINGS_CHANNEL, service.settingsChanges, {
        log: api.log,
        what: 'the payment settings kept',
      });
      api.addHook('onClose', () => stopFollowing());
      await api.register(paymentRoutes(service));
      await api.register(cardRoutes(cards));
      const expiry = startPaymentExpiry({
        service,
        cards,
        moveLines,
        everyMs: env.PAYMENT_EXPIRY_INTERVAL_SECONDS * 1000,
        log: api.log,
      });
      // Before the database closes: the round in flight finishes its order, the refunds asked for their answer.
      api.addHook('preClose', async () => {
        await expiry.stop();
        await cards?.stop();
      });
    },
  };
}
