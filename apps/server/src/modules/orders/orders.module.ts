import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ShopImageUrls } from '../../images/image-urls.ts';
import { createOrdersRepository, type OrdersRepositoryOptions } from './orders.repository.ts';
import { orderRoutes } from './orders.routes.ts';
import { createOrdersService } from './orders.service.ts';

export { shippingAtPlacement } from './order-parts.ts';

export async function registerOrders(
  api: FastifyInstance,
  {
    db,
    imageUrls,
    shopUrl,
    repository,
  }: {
    db: Database;
    imageUrls: ShopImageUrls;
    shopUrl: string;
    repository?: OrdersRepositoryOptions;
  },
) {
  const service = createOrdersService(createOrdersRepository(db, repository), imageUrls, shopUrl);
  await api.register(orderRoutes(service));
}
