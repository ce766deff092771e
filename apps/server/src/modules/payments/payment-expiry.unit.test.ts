import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { startPaymentExpiry } from './payment-expiry.ts';
import type { PaymentsService } from './payments.service.ts';
import type { CardPayments } from './stripe/card.service.ts';

describe('the payment expiry', () => {
  it('keeps the process and its rounds going when a step fails', async () => {
    const failure = new Error('deadlock detected');
    let refundRounds = 0;
    const warn = vi.fn();
    const expiry = startPaymentExpiry({
      service: { expireUnpaid: () => Promise.reject(failure) } as unknown as PaymentsService,
      cards: {
        retryRefunds: () => {
          refundRounds += 1;
          return Promise.reject(failure);
        },
      } as unknown as CardPayments,
      moveLines: vi.fn(),
      everyMs: 5,
      log: { info: vi.fn(), warn } as unknown as FastifyBaseLogger,
    });
    await vi.waitFor(() => expect(refundRounds).toBeGreaterThanOrEqual(2));
    await expiry.stop();
    expect(warn).toHaveBeenCalledWith({ err: failure }, 'unpaid orders not cancelled; tried again later');
    expect(warn).toHaveBeenCalledWith({ err: failure }, 'card refunds not asked again; tried again later');
  });
});
