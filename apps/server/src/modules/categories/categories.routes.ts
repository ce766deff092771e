import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CategoryListQuerySchema, CategorySchema } from '@bazaar/shared/categories';
import { errorResponses } from '../../errors/error-responses.ts';
import { cachedRoute, type CatalogCache } from '../catalog-cache/catalog-cache.module.ts';
import type { CategoriesService } from './categories.service.ts';

/** The cache key of a request; a shuffled list stays shuffled. */
function listKey(request: FastifyRequest): string | undefined {
  const parsed = CategoryListQuerySchema.safeParse(request.query);
  if (!parsed.success || parsed.data.sort === 'random') return undefined;
  return `categories?${parsed.data.limit}`;
}

export function categoryRoutes(service: CategoriesService, cache: CatalogCache) {
  return async function (app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/categories',
      {
        schema: {
          tags: ['categories'],
          summary: 'List categories',
          querystring: CategoryListQuerySchema,
          response: { 200: z.array(CategorySchema), ...errorResponses(400) },
        },
        ...cachedRoute(cache, listKey),
      },
      (request) => service.list(request.query),
    );
  };
}
