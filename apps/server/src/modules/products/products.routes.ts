import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@bazaar/shared/errors';
import { TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import { ProductIdParamsSchema, ProductListQuerySchema, ProductSchema } from '@bazaar/shared/products';
import type { ProductsService } from './products.service.ts';

export function productRoutes(service: ProductsService) {
  return async function (app: FastifyInstance) {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/products',
      {
        schema: {
          tags: ['products'],
          summary: 'List products',
          description: `One page of products; the number of all matching products is in the ${TOTAL_COUNT_HEADER} header.`,
          querystring: ProductListQuerySchema,
          response: { 200: z.array(ProductSchema), 400: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const { items, total } = await service.list(request.query);
        void reply.header(TOTAL_COUNT_HEADER, total);
        return items;
      },
    );

    routes.get(
      '/products/:id',
      {
        schema: {
          tags: ['products'],
          summary: 'One product',
          params: ProductIdParamsSchema,
          response: { 200: ProductSchema, 404: ApiErrorSchema },
        },
      },
      async (request) => service.get(request.params.id),
    );
  };
}
