import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ShopImageUrls } from '../../images/image-urls.ts';
import { createOrdersRepository, type OrdersRepositoryOptions } from './orders.repository.ts';
import { orderRoutes } from './orders.routes.ts';
import { createOrdersService } from './orders.service.ts';
import type { OrderPayments } from './order-payments.ts';

// What other modules may use of orders.
export { partsOf } from './order-parts.ts';
export type { OrderPayments, PayTo } from './order-payments.ts';
export type { LineMove, MovedLine, OrderRow } from './orders.repository.ts';

export { shippingAtPlacement, totalWithShippingCents } from './order-parts.ts';

export async function registerOrders(
  api: FastifyInstance,
  {
    db,
    imageUrls,
    shopUrl,
    shippingGraceSeconds,
    repository,
    payments,
  }: {
    db: Database;
    imageUrls: ShopImageUrls;
    shopUrl: string;
    /** SHIPPING_GRACE_SECONDS. */
    shippingGraceSeconds: number;
    repository?: OrdersRepositoryOptions;
    payments: OrderPayments;
  },
) {
  const orders = createOrdersRepository(db, { ...repository, afterMove: payments.afterMove });
  const service = createOrdersService(orders, payments, imageUrls, shopUrl, shippingGraceSeconds);
  await api.register(orderRoutes(service));
  /** Moves an order's lines as the routes do, for the payments module's ending of unpaid orders. */
  return { moveLines: (...move: Parameters<typeof orders.moveLines>) => orders.moveLines(...move) };
}
