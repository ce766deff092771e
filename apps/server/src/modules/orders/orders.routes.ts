import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  OrderCreatedSchema,
  OrderCreateHeadersSchema,
  OrderCreateSchema,
  OrderEmailParamsSchema,
  OrderIdParamsSchema,
  OrderListQuerySchema,
  OrderNumberParamsSchema,
  OrderSchema,
  OrderStatusUpdateSchema,
  SaleIdParamsSchema,
  SaleSchema,
  SalesQuerySchema,
  TrackingSchema,
} from '@bazaar/shared/orders';
import { TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import { errorResponses } from '../../errors/error-responses.ts';
import type { OrdersService } from './orders.service.ts';

const refusals = errorResponses(400, 401, 403);
const listResponses = { 200: z.array(OrderSchema), ...refusals };

export function orderRoutes(service: OrdersService) {
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
            'first made (same insertedId) instead of placing another; the same key for a different order is a 409. ' +
            'Each line takes its quantity from a product whose stock is counted; when one wants more than is left, ' +
            'nothing is ordered and the answer is a 409 OUT_OF_STOCK naming that line in details. A line of a ' +
            'product the caller sells is a 409 OWN_PRODUCT naming it: nobody buys their own products.',
          headers: OrderCreateHeadersSchema,
          body: OrderCreateSchema,
          response: {
            200: OrderCreatedSchema,
            201: OrderCreatedSchema,
            ...errorResponses(400, 401, 403, 409),
          },
        },
        config: { signedIn: true, writeLimit: 'orders' },
      },
      async (request, reply) => {
        const { order, created } = await service.create(
          request.viewer,
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
        config: { signedIn: true },
      },
      async (request, reply) => {
        const { items, total } = await service.list(request.viewer, request.query);
        void reply.header(TOTAL_COUNT_HEADER, total);
        return items;
      },
    );

    routes.get(
      '/orders/by-number/:number',
      {
        schema: {
          tags: ['orders'],
          summary: 'An order by its number',
          description:
            'The order numbered `BZ-…` (any letter case): whole for its buyer and admins; for a seller of its lines, ' +
            'their part as `GET /api/sales` shows it. A 404 for anyone else, as for a number no order has.',
          params: OrderNumberParamsSchema,
          response: { 200: z.union([OrderSchema, SaleSchema]), ...errorResponses(401, 404) },
        },
        config: { signedIn: true },
      },
      async (request) => service.findByNumber(request.viewer, request.params.number),
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
        config: { signedIn: true },
      },
      async (request, reply) => {
        const { items, total } = await service.listByEmail(
          request.viewer,
          request.params.email,
          request.query,
        );
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
            "Newest first: the orders holding the caller's products, each with only the caller's lines, " +
            'totalPrice the sum of those lines and status the one derived from them; an admin gets every order ' +
            "whole. The buyer is shown by handle and name, never by e-mail. `customer` narrows them to one buyer's " +
            "handle, `status` to the orders holding a line of the caller's in that status. The number of all of " +
            `them is in the ${TOTAL_COUNT_HEADER} header.`,
          querystring: SalesQuerySchema,
          response: { 200: z.array(SaleSchema), ...refusals },
        },
        config: { signedIn: true },
      },
      async (request, reply) => {
        const { items, total } = await service.listSales(request.viewer, request.query);
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
            'Moves the lines of the order that may make the move, then derives the order status from its lines. ' +
            'The buyer cancels the lines still processing; an admin ships processing lines, delivers shipped ones, ' +
            'and cancels either. When no line can make the move, a 409. A cancelled line puts the units it took ' +
            'back into stock.',
          params: OrderIdParamsSchema,
          body: OrderStatusUpdateSchema,
          response: {
            200: OrderSchema,
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
        config: { signedIn: true },
      },
      async (request) => service.changeStatus(request.viewer, request.params.id, request.body),
    );

    routes.patch(
      '/sales/:orderId/status',
      {
        schema: {
          tags: ['orders'],
          summary: 'Fulfil your part of an order',
          description:
            "Moves the caller's lines of the order that may make the move: a seller ships or cancels processing " +
            'lines and delivers shipped ones; an admin moves every line of the order as on ' +
            '`PATCH /api/orders/:id/status`. The order status is then derived from all its lines. A 403 when the ' +
            'caller has no line in the order, a 409 when none of their lines can make the move. Answers the sale ' +
            'as `GET /api/sales` shows it to the caller. A cancelled line puts the units it took back into stock. A ' +
            "seller's cancellation needs a `reason`, which the buyer is mailed and shown.",
          params: SaleIdParamsSchema,
          body: OrderStatusUpdateSchema,
          response: {
            200: SaleSchema,
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
        config: { signedIn: true },
      },
      async (request) => service.changeSaleStatus(request.viewer, request.params.orderId, request.body),
    );

    routes.patch(
      '/sales/:orderId/shipment',
      {
        schema: {
          tags: ['orders'],
          summary: 'Correct the tracking of your shipment',
          description:
            "Sets `carrier`, `trackingNumber` and `trackingUrl` (each optional; a known carrier's page is built from " +
            "the number) on the caller's shipped lines of the order (an admin's: every shipped line). If the " +
            "buyer's mail of the shipment still waits, it says the new tracking; once it went, the buyer is " +
            'mailed the correction. A 403 when the caller has no line in the order, a 409 when none is shipped.',
          params: SaleIdParamsSchema,
          body: TrackingSchema,
          response: {
            200: SaleSchema,
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
        config: { signedIn: true },
      },
      async (request) => service.correctTracking(request.viewer, request.params.orderId, request.body),
    );

    routes.delete(
      '/sales/:orderId/shipment',
      {
        schema: {
          tags: ['orders'],
          summary: 'Take back a shipment marked by mistake',
          description:
            "Moves the caller's shipped lines of the order (an admin's: every shipped line) back to processing and " +
            "withdraws the buyer's mail of the shipment, while the buyer has not been told: within " +
            "SHIPPING_GRACE_SECONDS of shipping (the sale's `takeBackUntil`) and before the mail went out. A 409 " +
            'once the buyer may have been told, or when nothing is shipped; a 403 when the caller has no line in ' +
            'the order.',
          params: SaleIdParamsSchema,
          response: {
            200: SaleSchema,
            ...errorResponses(401, 403, 404, 409),
          },
        },
        config: { signedIn: true },
      },
      async (request) => service.takeBackShipment(request.viewer, request.params.orderId),
    );
  };
}
