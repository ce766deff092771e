import type { FastifyInstance } from 'fastify';
import { PRODUCT_LIST_PAGE_SIZE, type ListFilter } from '@bazaar/shared/page-data';
import { ProductIdParamsSchema, ProductListQuerySchema } from '@bazaar/shared/products';
import type { DatabaseHandle } from '../../db/client.ts';
import { notFound } from '../../errors/app-error.ts';
import type { ShopImageUrls } from '../../images/image-urls.ts';
import type { CatalogCache } from '../catalog-cache/catalog-cache.module.ts';
import type { UploadGuard } from '../uploads/uploads.module.ts';
import { createProductsRepository } from './products.repository.ts';
import { productRoutes } from './products.routes.ts';
import { createProductsService } from './products.service.ts';
import { startSearchIndex } from './search/search-index.ts';

export type { SearchIndexStatus } from './search/search-index.ts';

export async function registerProducts(
  api: FastifyInstance,
  {
    database,
    searchIndex,
    catalogCache,
    imageUrls,
    uploadGuard,
    searchTimeoutMs,
  }: {
    database: DatabaseHandle;
    /** Whether to hold the search index in this process (see startSearchIndex). */
    searchIndex: boolean;
    catalogCache: CatalogCache;
    imageUrls: ShopImageUrls;
    uploadGuard: UploadGuard;
    /** See ProductsRepositoryOptions. */
    searchTimeoutMs: number | undefined;
  },
) {
  const repository = createProductsRepository(database.db, { searchTimeoutMs });
  const index = searchIndex ? await startSearchIndex(database, { log: api.log }) : undefined;
  if (index) api.addHook('onClose', () => index.stop());
  const service = createProductsService(repository, catalogCache, imageUrls, uploadGuard, index);
  await api.register(productRoutes(service, catalogCache));
  return {
    /** Whether the search index answers, and what it holds; undefined when the process holds none. */
    searchIndexStatus: index?.status,
    /** A product as `GET /api/products/:id` answers the same id: NOT_FOUND for one that names none. */
    productOf: async (id: string) => {
      if (!ProductIdParamsSchema.safeParse({ id }).success) throw notFound('Product');
      return service.get(id);
    },
    /** The first page of a list, as `GET /api/products` answers the same parameters (undefined when it refuses them). */
    firstPageOf: async (filter: ListFilter) => {
      const query = ProductListQuerySchema.safeParse({ ...filter, limit: PRODUCT_LIST_PAGE_SIZE, offset: 0 });
      return query.success ? service.list(query.data) : undefined;
    },
  };
}
