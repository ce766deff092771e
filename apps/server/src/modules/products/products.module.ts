import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ShopImageUrls } from '../../images/image-urls.ts';
import type { CatalogCache } from '../catalog-cache/catalog-cache.module.ts';
import { createProductsRepository } from './products.repository.ts';
import { productRoutes } from './products.routes.ts';
import { createProductsService } from './products.service.ts';

export async function registerProducts(
  api: FastifyInstance,
  { db, catalogCache, imageUrls }: { db: Database; catalogCache: CatalogCache; imageUrls: ShopImageUrls },
) {
  const service = createProductsService(createProductsRepository(db), catalogCache, imageUrls);
  await api.register(productRoutes(service, catalogCache));
}
