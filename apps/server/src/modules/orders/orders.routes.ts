import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@bazaar/shared/errors';
import {
  IDEMPOTENCY_KEY_HEADER,
  OrderCreatedSchema,
  OrderCreateHeadersSchema,
  OrderCreateSchema,
  OrderEmailParamsSchema,
  OrderIdParamsSchema,
  OrderListQuerySchema,
  OrderSchema,
  OrderStatusUpdateSchema,
  SaleSchema,
  SalesQuerySchema,
} from '@bazaar/shared/orders';
import { TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import type { Viewers } from '../auth/viewer.ts';
import type { OrdersService } from './orders.service.ts';

const refusals = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };
const listResponses = { 200: z.array(OrderSchema), ...refusals };

export function orderRoutes(service: OrdersService, viewers: Viewers) {
  return async function (app: FastifyInstance) {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/orders',
      {
        schema: {
          tags: ['orders'],
          summary: 'Place an order',
          description:
            'Prices the order from the catalog; totals, status, owner and time sent by the client are ignored. ' +
            `With an ${IDEMPOTENCY_KEY_HEADER} header, a repeated submission answers 200 with the order the key ` +
            'first made (same insertedId) instead of placing another; the same key for a different order is a 409.',
          headers: OrderCreateHeadersSchema,
          body: OrderCreateSchema,
          response: {
            200: OrderCreatedSchema,
            201: OrderCreatedSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            403: ApiErrorSchema,
            409: ApiErrorSchema,
          },
        },
        onRequest: viewers.signedIn,
      },
      async (request, reply) => {
        const viewer = await viewers.required(request);
        const { order, created } = await service.create(
          viewer,
          request.body,
          request.headers[IDEMPOTENCY_KEY_HEADER],
        );
        return reply.status(created ? 201 : 200).send({ insertedId: order._id, ...order });
      },
    );

    routes.get(
      '/orders',
      {
        schema: {
          tags: ['orders'],
          summary: 'List orders',
          description: `Newest first: every order for an admin, the caller's own orders for anyone else. The number of all of them is in the ${TOTAL_COUNT_HEADER} header.`,
          querystring: OrderListQuerySchema,
          response: listResponses,
        },
        onRequest: viewers.signedIn,
      },
      async (request, reply) => {
        const viewer = await viewers.required(request);
        const { items, total } = await service.list(viewer, request.query);
        void reply.header(TOTAL_COUNT_HEADER, total);
        return items;
      },
    );

    routes.get(
      '/orders/:email',
      {
        schema: {
          tags: ['orders'],
          summary: "A buyer's orders",
          description: `Newest first; for that buyer and for admins. The number of all of them is in the ${TOTAL_COUNT_HEADER} header.`,
          params: OrderEmailParamsSchema,
          querystring: OrderListQuerySchema,
          response: listResponses,
        },
        onRequest: viewers.signedIn,
      },
      async (request, reply) => {
        const viewer = await viewers.required(request);
        const { items, total } = await service.listByEmail(viewer, request.params.email, request.query);
        void reply.header(TOTAL_COUNT_HEADER, total);
        return items;
      },
    );

    routes.get(
      '/sales',
      {
        schema: {
          tags: ['orders'],
          summary: 'Your sales',
          description:
            "Newest first: the orders holding the caller's products, each with only the caller's lines and " +
            'totalPrice the sum of those lines; an admin gets every order whole. The buyer is shown by handle and ' +
            "name, never by e-mail. `customer` narrows them to one buyer's handle. The number of all of them is " +
            `in the ${TOTAL_COUNT_HEADER} header.`,
          querystring: SalesQuerySchema,
          response: { 200: z.array(SaleSchema), ...refusals },
        },
        onRequest: viewers.signedIn,
      },
      async (request, reply) => {
        const viewer = await viewers.required(request);
        const { items, total } = await service.listSales(viewer, request.query);
        void reply.header(TOTAL_COUNT_HEADER, total);
        return items;
      },
    );

    routes.patch(
      '/orders/:id/status',
      {
        schema: {
          tags: ['orders'],
          summary: "Change an order's status",
          description:
            'The buyer may cancel a processing order; an admin ships a processing order, delivers a shipped ' +
            'one, and cancels either. Any other change is a 409.',
          params: OrderIdParamsSchema,
          body: OrderStatusUpdateSchema,
          response: {
            200: OrderSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            403: ApiErrorSchema,
            404: ApiErrorSchema,
            409: ApiErrorSchema,
          },
        },
        onRequest: viewers.signedIn,
      },
      async (request) => {
        const viewer = await viewers.required(request);
        return service.changeStatus(viewer, request.params.id, request.body.status);
      },
    );
  };
}
