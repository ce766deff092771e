import type { FastifyBaseLogger } from 'fastify';
import { runPeriodically } from '../../lib/periodic.ts';
import type { MoveLines, PaymentsService } from './payments.service.ts';
import type { CardPayments } from './stripe/card.service.ts';

/**
 * Every `everyMs`, cancels the bKash, Rocket and card orders whose payment window passed unpaid, and asks Stripe again
 * for the card refunds it did not answer. Each process runs one: each order is ended under its row's lock, once,
 * whichever process gets there first.
 */
export function startPaymentExpiry(options: {
  service: PaymentsService;
  cards: CardPayments | undefined;
  moveLines: MoveLines;
  everyMs: number;
  log: FastifyBaseLogger;
}): { stop(): Promise<void> } {
  const { service, cards, moveLines, everyMs, log } = options;
  return runPeriodically(
    everyMs,
    async () => {
      // Its own try: the refunds below are asked again whether or not this part failed.
      try {
        const expired = await service.expireUnpaid(moveLines);
        if (expired > 0) log.info({ expired }, 'unpaid orders cancelled');
      } catch (error) {
        log.warn({ err: error }, 'unpaid orders not cancelled; tried again later');
      }
      await cards?.retryRefunds();
    },
    (error) => log.warn({ err: error }, 'card refunds not asked again; tried again later'),
  );
}
