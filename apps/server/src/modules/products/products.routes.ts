import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SEARCH_COUNT_MAX, TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import { FACET_COUNT_MAX, ProductFacetsSchema } from '@bazaar/shared/product-facets';
import {
  ProductCreateSchema,
  ProductFilterQuerySchema,
  ProductIdParamsSchema,
  ProductListQuerySchema,
  ProductSchema,
  ProductUpdateSchema,
} from '@bazaar/shared/products';
import { errorResponses } from '../../errors/error-responses.ts';
import { cachedRoute, type CatalogCache } from '../catalog-cache/catalog-cache.module.ts';
import type { ProductsService } from './products.service.ts';

const refusals = errorResponses(400, 401, 403, 404);

/**
 * The cache key of a list request; random pages stay random. Name searches are kept too: shoppers repeat
 * each other's terms, and however many terms there are, the cache's byte budget drops the least recently asked.
 */
function listKey(request: FastifyRequest): string | undefined {
  const parsed = ProductListQuerySchema.safeParse(request.query);
  if (!parsed.success || parsed.data.sort === 'random') return undefined;
  // Every parameter, as parsed: a filter left out of the key would serve one list's answer for another.
  return `products?${JSON.stringify(parsed.data)}`;
}

function facetsKey(request: FastifyRequest): string | undefined {
  const parsed = ProductFilterQuerySchema.safeParse(request.query);
  return parsed.success ? `facets?${JSON.stringify(parsed.data)}` : undefined;
}

function productKey(request: FastifyRequest): string | undefined {
  const parsed = ProductIdParamsSchema.safeParse(request.params);
  return parsed.success ? `product/${parsed.data.id}` : undefined;
}

export function productRoutes(service: ProductsService, cache: CatalogCache) {
  return async function (app: FastifyInstance) {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/products',
      {
        schema: {
          tags: ['products'],
          summary: 'List products',
          description:
            `One page of products; the number of all matching products is in the ${TOTAL_COUNT_HEADER} header. ` +
            `A name search counts at most ${SEARCH_COUNT_MAX} matches and then adds ${TOTAL_COUNT_CAPPED_HEADER}: true.`,
          querystring: ProductListQuerySchema,
          // 503: a search that ran past SEARCH_TIMEOUT_MS, with Retry-After.
          response: { 200: z.array(ProductSchema), ...errorResponses(400, 503) },
        },
        ...cachedRoute(cache, listKey),
      },
      async (request, reply) => {
        const { items, total, capped } = await service.list(request.query);
        void reply.header(TOTAL_COUNT_HEADER, total);
        if (capped) void reply.header(TOTAL_COUNT_CAPPED_HEADER, 'true');
        return items;
      },
    );

    routes.get(
      '/products/facets',
      {
        schema: {
          tags: ['products'],
          summary: 'Counts per category, brand, rating band, price range and in stock, beside a product list',
          description:
            "Takes the filters of GET /api/products. Each group is counted with every other group's selection " +
            'applied but not its own; `total` applies them all. A group counts its newest ' +
            `${FACET_COUNT_MAX} matches at most, and then \`capped\` is true.`,
          querystring: ProductFilterQuerySchema,
          response: { 200: ProductFacetsSchema, ...errorResponses(400, 503) },
        },
        ...cachedRoute(cache, facetsKey),
      },
      async (request) => service.facets(request.query),
    );

    routes.get(
      '/products/:id',
      {
        schema: {
          tags: ['products'],
          summary: 'One product',
          params: ProductIdParamsSchema,
          response: { 200: ProductSchema, ...errorResponses(404) },
        },
        ...cachedRoute(cache, productKey),
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
        config: { signedIn: true, writeLimit: 'product-writes' },
      },
      async (request, reply) => reply.status(201).send(await service.create(request.body, request.viewer)),
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
        config: { signedIn: true, writeLimit: 'product-writes' },
      },
      async (request) => service.update(request.params.id, request.body, request.viewer),
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
        config: { signedIn: true, writeLimit: 'product-writes' },
      },
      async (request) => {
        await service.remove(request.params.id, request.viewer);
        return { deletedCount: 1 as const };
      },
    );
  };
}
