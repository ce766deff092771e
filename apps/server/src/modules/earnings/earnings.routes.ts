import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BalanceListQuerySchema,
  EarningsQuerySchema,
  EarningsSchema,
  PayoutCreateSchema,
  PayoutSchema,
  SellerBalanceSchema,
  StatementQuerySchema,
} from '@bazaar/shared/earnings';
import { TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import { SellerParamsSchema } from '@bazaar/shared/users';
import { errorResponses } from '../../errors/error-responses.ts';
import type { EarningsService } from './earnings.service.ts';

export function earningsRoutes(service: EarningsService) {
  return async function (app: FastifyInstance) {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/earnings',
      {
        schema: {
          tags: ['earnings'],
          summary:
            "Your earnings: balance, what may be paid out, entries and payouts (an admin: any seller's)",
          description:
            "The signed-in seller's ledger: `balance` is the sum of every entry (negative when the seller owes the " +
            'shop commission on cash sales), `available` leaves out credits still within PAYOUT_HOLD_DAYS. One page ' +
            '(`limit`, `offset`) of the entries and of the payouts, the newest first, with their totals. An admin ' +
            'names a seller with `seller` (a handle; 404 for none).',
          querystring: EarningsQuerySchema,
          response: { 200: EarningsSchema, ...errorResponses(400, 401, 403, 404) },
        },
        config: { signedIn: true },
      },
      async (request) => service.earnings(request.viewer, request.query),
    );

    routes.get(
      '/earnings/statement.csv',
      {
        schema: {
          tags: ['earnings'],
          summary: "A month's ledger entries as a CSV file",
          description:
            'One row per entry of the UTC month (`2026-11`), the oldest first: date, order number, entry, its amount ' +
            'in its column (goods, shipping, commission, payout) and the net; then the totals. An admin names a ' +
            'seller with `seller`.',
          querystring: StatementQuerySchema,
          response: { 200: z.string(), ...errorResponses(400, 401, 403, 404) },
        },
        config: { signedIn: true },
      },
      async (request, reply) => {
        const csv = await service.statement(request.viewer, request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="earnings-${request.query.month}.csv"`)
          .send(csv);
      },
    );

    routes.post(
      '/sellers/:handle/payouts',
      {
        schema: {
          tags: ['earnings'],
          summary: 'Record a payout to a seller (admins)',
          description:
            "The money was sent to the seller: a payout, and its debit in the seller's ledger; the seller is mailed. " +
            '409 when the amount is more than what may be paid out now (`amount` says what may).',
          params: SellerParamsSchema,
          body: PayoutCreateSchema,
          response: { 201: PayoutSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
        config: { signedIn: true },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.recordPayout(request.viewer, request.params.handle, request.body)),
    );

    routes.get(
      '/balances',
      {
        schema: {
          tags: ['earnings'],
          summary: "Sellers' balances (admins)",
          description:
            'Each seller with a ledger or payout details: balance, what may be paid out now and where to send it, ' +
            `the most owed first. The number of all of them is in the ${TOTAL_COUNT_HEADER} header.`,
          querystring: BalanceListQuerySchema,
          response: { 200: z.array(SellerBalanceSchema), ...errorResponses(400, 401, 403) },
        },
        config: { signedIn: true },
      },
      async (request, reply) => {
        const { items, total } = await service.balances(request.viewer, request.query);
        void reply.header(TOTAL_COUNT_HEADER, total);
        return items;
      },
    );
  };
}
