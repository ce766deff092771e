import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ShopImageUrls } from '../../images/image-urls.ts';
import type { CatalogCache } from '../catalog-cache/catalog-cache.module.ts';
import { createCategoriesRepository } from './categories.repository.ts';
import { categoryRoutes } from './categories.routes.ts';
import { createCategoriesService } from './categories.service.ts';

export async function registerCategories(
  api: FastifyInstance,
  { db, catalogCache, imageUrls }: { db: Database; catalogCache: CatalogCache; imageUrls: ShopImageUrls },
) {
  const service = createCategoriesService(createCategoriesRepository(db), imageUrls);
  await api.register(categoryRoutes(service, catalogCache));
}
