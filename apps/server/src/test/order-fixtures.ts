import { expect } from 'vitest';
import { pricedLine } from '../db/order-line.ts';
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import {
  IDEMPOTENCY_KEY_HEADER,
  OrderSchema,
  type Canceller,
  type Order,
  type OrderStatus,
} from '@bazaar/shared/orders';
import type { Database } from '../db/client.ts';
import { orderLines, orders } from '../db/schema.ts';
import { createOrdersRepository } from '../modules/orders/orders.repository.ts';
import { shippingAtPlacement, totalWithShippingCents } from '../modules/orders/order-parts.ts';
import { asBearer, type TestAccount } from './accounts.ts';

/** A valid checkout form for the given products (one of each unless quantities say otherwise). */
export function orderBody(productIds: string[], quantities: number[] = []) {
  return {
    name: 'Olive Owner',
    email: 'olive@example.com',
    phone: '+44 20 7946 0958',
    address: '1 High Street, London',
    paymentMethod: 'cash on delivery',
    products: productIds.map((productId, i) => ({ productId, quantity: quantities[i] ?? 1 })),
  };
}

export function placeOrder(
  app: FastifyInstance,
  account: TestAccount | null,
  payload: object,
  idempotencyKey?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: {
      ...(account ? asBearer(account) : {}),
      ...(idempotencyKey === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }),
    },
    payload,
  });
}

/** Places an order that must succeed, and answers it. */
export async function orderOf(
  app: FastifyInstance,
  account: TestAccount,
  productIds: string[],
): Promise<Order> {
  const response = await placeOrder(app, account, orderBody(productIds));
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.body}`);
  return OrderSchema.parse(response.json());
}

/**
 * An order of one of each product written through the repository, past the service's rules: one the shop took
 * before a rule existed (a seller's order of their own product, say). Answers its id.
 */
export async function placeOrderPastTheRules(
  db: Database,
  buyer: TestAccount,
  productIds: string[],
): Promise<string> {
  const repository = createOrdersRepository(db);
  const found = await repository.findProducts(productIds, { fresh: true });
  const lines = found.map((product, position) => pricedLine(product, 1, position));
  const shipping = shippingAtPlacement(lines);
  const { name, email, phone, address } = orderBody([]);
  const placement = await repository.placeOrder(
    {
      name,
      email,
      phone,
      address,
      paymentMethod: 'cash on delivery',
      userEmail: buyer.email,
      totalCents: totalWithShippingCents(lines, shipping),
      status: 'processing',
      idempotencyKey: null,
      requestDigest: null,
      commissionBasisPoints: 0,
    },
    lines,
    shipping,
    () => [],
  );
  if (placement.outcome !== 'placed') throw new Error(`order not placed: ${placement.outcome}`);
  return placement.order.id;
}

/** A line's shipment fields before it is shipped. */
export const NOT_SHIPPED = {
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  shippedAt: null,
} as const;

/**
 * An order as answers show it once it and its lines are in `status`: moved there by `by`, or put there straight
 * (no one recorded as cancelling it).
 */
export const inStatus = (order: Order, status: OrderStatus, by?: Canceller): Order => ({
  ...order,
  status,
  due: status === 'cancelled' ? 0 : order.due,
  parts: order.parts.map((part) => ({ ...part, status, due: status === 'cancelled' ? 0 : part.due })),
  products: order.products.map((line) => ({
    ...line,
    status,
    cancellation: status === 'cancelled' && by ? { by, reason: null } : null,
    shippedAt: status === 'shipped' && by ? (expect.any(String) as string) : line.shippedAt,
  })),
  payment: paymentIn(order, status, by),
});

/** The payment of an unpaid order once in `status`: nothing is due once cancelled; cash is collected at delivery. */
function paymentIn(order: Order, status: OrderStatus, by?: Canceller): Order['payment'] {
  if (status === 'cancelled') return { ...order.payment, due: 0 };
  if (status !== 'delivered' || !by || order.paymentMethod !== 'cash on delivery') return order.payment;
  const collected = {
    _id: expect.any(String) as string,
    kind: 'cash_collected' as const,
    amount: order.due,
    by,
    reference: null,
    at: expect.any(String) as string,
  };
  return { ...order.payment, status: 'paid', paid: order.due, due: 0, events: [collected] };
}

/** Puts an order and every line of it straight into `status`, as if it had been moved there. */
export async function putInStatus(db: Database, id: string, status: OrderStatus): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(orders).set({ status }).where(eq(orders.id, id));
    await tx.update(orderLines).set({ status }).where(eq(orderLines.orderId, id));
  });
}

/** A seller's move of their part: a cancellation says why, as a seller's must. */
export const saleMoveBody = (status: string) =>
  status === 'cancelled' ? { status, reason: 'The glaze cracked in the kiln' } : { status };

export function changeStatus(app: FastifyInstance, account: TestAccount | null, id: string, status: string) {
  return app.inject({
    method: 'PATCH',
    url: `/api/orders/${id}/status`,
    headers: account ? asBearer(account) : {},
    payload: { status },
  });
}

/** The stored orders of one buyer, or of everyone: what a refused request must leave unchanged. */
export async function countOrders(db: Database, userEmail?: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(orders)
    .where(userEmail === undefined ? undefined : eq(orders.userEmail, userEmail));
  return row?.total ?? 0;
}

export async function statusOf(db: Database, id: string) {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row?.status;
}
