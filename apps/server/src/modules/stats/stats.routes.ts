import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OverviewQuerySchema, OverviewSchema } from '@bazaar/shared/stats';
import { errorResponses } from '../../errors/error-responses.ts';
import type { StatsService } from './stats.service.ts';

export function statsRoutes(service: StatsService) {
  return async function (app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/stats/overview',
      {
        schema: {
          tags: ['stats'],
          summary:
            "The dashboard's figures: the whole shop for an admin, your own products and sales otherwise",
          description:
            'Cancelled orders count nowhere. Months are UTC calendar months, the last 12 ending with the ' +
            'current one; the weeks split the previous month into days 1–7, 8–14, 15–21 and 22 to its end.',
          querystring: OverviewQuerySchema,
          response: { 200: OverviewSchema, ...errorResponses(400, 401) },
        },
        config: { signedIn: true },
      },
      async (request) => service.overview(request.viewer),
    );
  };
}
