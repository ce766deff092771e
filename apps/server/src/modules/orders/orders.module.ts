import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ShopImageUrls } from '../../images/image-urls.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { orderRoutes } from './orders.routes.ts';
import { createOrdersService } from './orders.service.ts';

export async function registerOrders(
  api: FastifyInstance,
  { db, imageUrls }: { db: Database; imageUrls: ShopImageUrls },
) {
  await api.register(orderRoutes(createOrdersService(createOrdersRepository(db), imageUrls)));
}
