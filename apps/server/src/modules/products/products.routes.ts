import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@bazaar/shared/errors';
import { TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import {
  ProductCreateSchema,
  ProductIdParamsSchema,
  ProductListQuerySchema,
  ProductSchema,
  ProductUpdateSchema,
} from '@bazaar/shared/products';
import type { Viewers } from '../auth/viewer.ts';
import type { ProductsService } from './products.service.ts';

const refusals = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

export function productRoutes(service: ProductsService, viewers: Viewers) {
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

    routes.post(
      '/products',
      {
        schema: {
          tags: ['products'],
          summary: 'Add a product (signed in; the seller is the signed-in user)',
          body: ProductCreateSchema,
          response: { 201: ProductSchema, ...refusals },
        },
        onRequest: viewers.signedIn,
      },
      async (request, reply) => {
        const viewer = await viewers.required(request);
        return reply.status(201).send(await service.create(request.body, viewer));
      },
    );

    routes.patch(
      '/products/:id',
      {
        schema: {
          tags: ['products'],
          summary: 'Change a product (its seller or an admin)',
          params: ProductIdParamsSchema,
          body: ProductUpdateSchema,
          response: { 200: ProductSchema, ...refusals },
        },
        onRequest: viewers.signedIn,
      },
      async (request) => service.update(request.params.id, request.body, await viewers.required(request)),
    );

    routes.delete(
      '/products/:id',
      {
        schema: {
          tags: ['products'],
          summary: 'Delete a product (its seller or an admin)',
          params: ProductIdParamsSchema,
          response: { 200: z.object({ deletedCount: z.literal(1) }), ...refusals },
        },
        onRequest: viewers.signedIn,
      },
      async (request) => {
        await service.remove(request.params.id, await viewers.required(request));
        return { deletedCount: 1 as const };
      },
    );
  };
}
