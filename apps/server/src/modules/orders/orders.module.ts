import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { CatalogCache } from '../catalog-cache/catalog-cache.module.ts';
import type { ShopImageUrls } from '../../images/image-urls.ts';
import { createOrdersRepository, type OrdersRepositoryOptions } from './orders.repository.ts';
import { orderRoutes } from './orders.routes.ts';
import { createOrdersService } from './orders.service.ts';

export async function registerOrders(
  api: FastifyInstance,
  {
    db,
    catalogCache,
    imageUrls,
    shopUrl,
    repository,
  }: {
    db: Database;
    catalogCache: CatalogCache;
    imageUrls: ShopImageUrls;
    shopUrl: string;
    repository?: OrdersRepositoryOptions;
  },
) {
  const service = createOrdersService(
    createOrdersRepository(db, repository),
    catalogCache,
    imageUrls,
    shopUrl,
  );
  await api.register(orderRoutes(service));
}
