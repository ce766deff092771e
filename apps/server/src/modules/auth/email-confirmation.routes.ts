import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConfirmEmailQuerySchema, ConfirmEmailSchema, EmailToConfirmSchema } from '@bazaar/shared/auth';
import { AppError } from '../../errors/app-error.ts';
import { errorResponses } from '../../errors/error-responses.ts';
import type { EmailConfirmationService } from './email-confirmation.service.ts';
import type { Viewer } from './viewer.ts';

/**
 * The web app's `/email-verified` page: which address a mailed link confirms, and confirming it with the password
 * the address was registered with or a new one (docs/accounts.md). The page then signs in as sign-in does.
 */
export function emailConfirmationRoutes(
  service: EmailConfirmationService,
  viewerOf: (request: FastifyRequest) => Promise<Viewer | null>,
  trustedOrigins: string[],
) {
  const trusted = new Set(trustedOrigins);

  /**
   * A page of another site must not spend a link in its visitor's browser, signed in or not: a browser's call says
   * where it comes from (Origin, or Sec-Fetch-Site), as signed-in writes must (viewer.ts). Refused before the body.
   */
  async function refuseForeignPage(request: FastifyRequest): Promise<void> {
    const origin = request.headers.origin;
    const fromTheShop = origin
      ? trusted.has(origin)
      : !request.headers.cookie || request.headers['sec-fetch-site'] === 'same-origin';
    if (!fromTheShop) {
      throw new AppError('FORBIDDEN', 'This request is only accepted from the shop’s own pages.');
    }
  }

  return async function (app: FastifyInstance) {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/account/confirm-email',
      {
        schema: {
          tags: ['auth'],
          summary: 'The address a confirmation link confirms',
          querystring: ConfirmEmailQuerySchema,
          response: { 200: EmailToConfirmSchema, ...errorResponses(400) },
        },
        // It names the account's address: for whoever holds the link, not for a cache.
        config: { privateAnswer: true },
      },
      async (request) => service.describe(request.query.token),
    );

    routes.post(
      '/account/confirm-email',
      {
        schema: {
          tags: ['auth'],
          summary: 'Confirm an address with its link and its password, or a new password',
          description:
            'Needs the token of the mailed link and either the password the address was registered with or a new ' +
            'one, which replaces it. Every session of the account ends; sign in afterwards. Counted as a sign-in.',
          body: ConfirmEmailSchema,
          response: { 200: EmailToConfirmSchema, ...errorResponses(400, 403, 429) },
        },
        config: { privateAnswer: true },
        onRequest: refuseForeignPage,
      },
      async (request) =>
        service.confirm(request.body, { address: request.ip, viewer: await viewerOf(request) }),
    );
  };
}
