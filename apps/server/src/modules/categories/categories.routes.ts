import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CategoryListQuerySchema, CategorySchema } from '@bazaar/shared/categories';
import { ApiErrorSchema } from '@bazaar/shared/errors';
import type { CategoriesService } from './categories.service.ts';

export function categoryRoutes(service: CategoriesService) {
  return async function (app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/categories',
      {
        schema: {
          tags: ['categories'],
          summary: 'List categories',
          querystring: CategoryListQuerySchema,
          response: { 200: z.array(CategorySchema), 400: ApiErrorSchema },
        },
      },
      (request) => service.list(request.query),
    );
  };
}
