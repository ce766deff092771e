import type { FastifyBaseLogger } from 'fastify';
import { runPeriodically } from '../../lib/periodic.ts';
import type { MoveLines, PaymentsService } from './payments.service.ts';

/**
 * Every `everyMs`, cancels the bKash and Rocket orders whose payment window passed unpaid. Each process runs one: each
 * order is ended under its row's lock, once, whichever process gets there first.
 */
export function startPaymentExpiry(options: {
  service: PaymentsService;
  moveLines: MoveLines;
  everyMs: number;
  log: FastifyBaseLogger;
}): { stop(): Promise<void> } {
  const { service, moveLines, everyMs, log } = options;
  return runPeriodically(everyMs, async () => {
    try {
      const expired = await service.expireUnpaid(moveLines);
      if (expired > 0) log.info({ expired }, 'unpaid orders cancelled');
    } catch (error) {
      log.warn({ err: error }, 'unpaid orders not cancelled; tried again later');
    }
  });
}
