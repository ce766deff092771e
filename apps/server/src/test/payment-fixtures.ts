import type { FastifyInstance } from 'fastify';
import { OrderSchema, SaleSchema, type Order, type PaymentMethod } from '@bazaar/shared/orders';
import { PaymentClaimSchema, RefundSchema, type PaymentClaimCreate } from '@bazaar/shared/payments';
import type { Database } from '../db/client.ts';
import { createOrdersRepository } from '../modules/orders/orders.repository.ts';
import { createPaymentsRepository } from '../modules/payments/payments.repository.ts';
import { createPaymentsService } from '../modules/payments/payments.service.ts';
import { asBearer, type TestAccount } from './accounts.ts';
import { orderBody, placeOrder } from './order-fixtures.ts';
import { TEST_PUBLIC_URL, useTestApp } from './test-app.ts';

/** The shop's receiving numbers in tests: bKash and Rocket are both offered. */
export const WALLET_ENV = { BKASH_NUMBER: '01711-000000', ROCKET_NUMBER: '01811-000000' };

/**
 * The test app of a file whose tests end unpaid orders when they mean to (`expiry`), not when the app's job would:
 * every wallet order not claimed is past its window of `windowHours` almost at once.
 */
export function useExpiringApp(windowHours: number) {
  return useTestApp({
    ...WALLET_ENV,
    PAYMENT_WINDOW_HOURS: String(windowHours),
    PAYMENT_EXPIRY_INTERVAL_SECONDS: '3600',
  });
}

/** Ends the unpaid orders past a window of `windowHours` once, as the app's job does: how many it ended. */
export function expiry(db: Database, windowHours: number): () => Promise<number> {
  const payments = createPaymentsService(createPaymentsRepository(db), {
    configured: { bkashNumber: WALLET_ENV.BKASH_NUMBER, rocketNumber: null, commissionPercent: 0 },
    windowHours,
    shopUrl: TEST_PUBLIC_URL,
  });
  const orders = createOrdersRepository(db, { afterMove: payments.forOrders.afterMove });
  return () => payments.expireUnpaid((...move) => orders.moveLines(...move));
}

/** Places an order paid by `method` that must succeed, and answers it. */
export async function walletOrder(
  app: FastifyInstance,
  buyer: TestAccount,
  productIds: string[],
  quantities: number[] = [],
  method: PaymentMethod = 'bkash',
): Promise<Order> {
  const response = await placeOrder(app, buyer, {
    ...orderBody(productIds, quantities),
    paymentMethod: method,
  });
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.body}`);
  return OrderSchema.parse(response.json());
}

let transactions = 0;

/** A claim of what the order asks now, with a transaction ID of its own unless told otherwise. */
export function claimOf(order: Order, overrides: Partial<PaymentClaimCreate> = {}) {
  transactions += 1;
  return {
    method: order.paymentMethod,
    sender: '01911-222333',
    transactionId: `TX${process.pid}N${transactions}`,
    amount: order.payment.due,
    ...overrides,
  };
}

export const sendClaim = (app: FastifyInstance, account: TestAccount | null, orderId: string, body: object) =>
  app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payments`,
    headers: account ? asBearer(account) : {},
    payload: body,
  });

/** Claims the order's payment as its buyer, which must succeed: the claim's id. */
export async function claimed(app: FastifyInstance, buyer: TestAccount, order: Order, body = claimOf(order)) {
  const response = await sendClaim(app, buyer, order._id, body);
  if (response.statusCode !== 201) throw new Error(`claim failed: ${response.body}`);
  return response.json<{ _id: string }>()._id;
}

export const decide = (
  app: FastifyInstance,
  account: TestAccount | null,
  claimId: string,
  decision: 'accept' | 'reject',
  reason = 'No such payment arrived',
) =>
  app.inject({
    method: 'POST',
    url: `/api/payments/${claimId}/${decision}`,
    headers: account ? asBearer(account) : {},
    ...(decision === 'reject' ? { payload: { reason } } : {}),
  });

/** An admin decides the claim waiting the longest, if any, as the Payments page would. */
export async function decideOldestClaim(
  app: FastifyInstance,
  admin: TestAccount,
  decision: 'accept' | 'reject',
) {
  const waiting = await app.inject({
    method: 'GET',
    url: '/api/payments?status=awaiting_verification&limit=1',
    headers: asBearer(admin),
  });
  const [claim] = PaymentClaimSchema.array().parse(waiting.json());
  if (claim) await decide(app, admin, claim._id, decision);
}

/** An admin records the oldest refund due, if any, as made. */
export async function refundOldestDue(app: FastifyInstance, admin: TestAccount) {
  const due = await app.inject({
    method: 'GET',
    url: '/api/payments/refunds?status=due&limit=1',
    headers: asBearer(admin),
  });
  const [refund] = RefundSchema.array().parse(due.json());
  if (refund) {
    await app.inject({
      method: 'POST',
      url: `/api/payments/refunds/${refund._id}/done`,
      headers: asBearer(admin),
      payload: { reference: 'RF' },
    });
  }
}

/** The order as its buyer (or an admin) reads it. */
export async function orderAs(app: FastifyInstance, account: TestAccount, order: Pick<Order, 'number'>) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/orders/by-number/${order.number}`,
    headers: asBearer(account),
  });
  if (response.statusCode !== 200) throw new Error(`order not read: ${response.body}`);
  return OrderSchema.parse(response.json());
}

/** The order as one of its sellers reads their part of it. */
export async function saleAs(app: FastifyInstance, seller: TestAccount, order: Pick<Order, 'number'>) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/orders/by-number/${order.number}`,
    headers: asBearer(seller),
  });
  if (response.statusCode !== 200) throw new Error(`sale not read: ${response.body}`);
  return SaleSchema.strict().parse(response.json());
}

/** A seller (or an admin) moves their part of the order; a cancellation says why. */
export const moveSale = (app: FastifyInstance, account: TestAccount, orderId: string, status: string) =>
  app.inject({
    method: 'PATCH',
    url: `/api/sales/${orderId}/status`,
    headers: asBearer(account),
    payload: status === 'cancelled' ? { status, reason: 'Broken in the workshop' } : { status },
  });
