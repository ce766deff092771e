import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ShopImageUrls } from '../../images/image-urls.ts';
import type { CatalogCache } from '../catalog-cache/catalog-cache.module.ts';
import type { UploadGuard } from '../uploads/uploads.module.ts';
import { createProductsRepository } from './products.repository.ts';
import { productRoutes } from './products.routes.ts';
import { createProductsService } from './products.service.ts';

export async function registerProducts(
  api: FastifyInstance,
  {
    db,
    catalogCache,
    imageUrls,
    uploadGuard,
  }: { db: Database; catalogCache: CatalogCache; imageUrls: ShopImageUrls; uploadGuard: UploadGuard },
) {
  const service = createProductsService(createProductsRepository(db), catalogCache, imageUrls, uploadGuard);
  await api.register(productRoutes(service, catalogCache));
  return { productOf: (id: string) => service.get(id) };
}
