import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrderIdParamsSchema } from '@bazaar/shared/orders';
import { CardCheckoutSchema, CardReturnSchema, PaymentSchema } from '@bazaar/shared/payments';
import { AppError } from '../../../errors/app-error.ts';
import { errorResponses } from '../../../errors/error-responses.ts';
import type { CardPayments } from './card.service.ts';

const notOffered = () => new AppError('CONFLICT', 'Card payments are not offered by this shop.');

/** The card routes; `cards` undefined when Stripe is not configured, and each route then says so. */
export function cardRoutes(cards: CardPayments | undefined) {
  return async function (app: FastifyInstance) {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/orders/:id/payments/card',
      {
        schema: {
          tags: ['payments'],
          summary: 'Pay a card order on Stripe',
          description:
            "Opens a Stripe Checkout Session for exactly what the order's buyer owes now and answers its `url`, where " +
            "the buyer pays; Stripe sends them back to the order's page. 409 when the order is not paid by card or " +
            'nothing is due; 503 when Stripe cannot be reached (nothing is recorded).',
          params: OrderIdParamsSchema,
          response: { 200: CardCheckoutSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
        },
        config: { signedIn: true },
      },
      async (request) => {
        if (!cards) throw notOffered();
        return cards.checkout(request.viewer, request.params.id);
      },
    );

    routes.post(
      '/orders/:id/payments/card/return',
      {
        schema: {
          tags: ['payments'],
          summary: 'Back from paying on Stripe',
          description:
            'The buyer came back from the Checkout Session `sessionId`: the shop reads it from Stripe and records its ' +
            "payment as the webhook would, once whichever comes first. Answers the order's payment. 409 when the " +
            'session is of another order or Stripe knows none; 503 when Stripe cannot be reached.',
          params: OrderIdParamsSchema,
          body: CardReturnSchema,
          response: { 200: PaymentSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
        },
        config: { signedIn: true },
      },
      async (request) => {
        if (!cards) throw notOffered();
        return cards.cardReturn(request.viewer, request.params.id, request.body.sessionId);
      },
    );

    // Stripe signs the exact bytes it sent: this route alone reads its body raw, whatever its content type.
    await app.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      webhook.withTypeProvider<ZodTypeProvider>().post(
        '/payments/stripe/webhook',
        {
          schema: {
            tags: ['payments'],
            summary: "Stripe's events (Stripe calls it)",
            description:
              'Checked against the Stripe-Signature header first (400 when it does not sign the body or is older ' +
              'than five minutes: nothing is read). Each event is stored once by its id (a repeat answers 200 and ' +
              'does nothing) and its effect written in the same transaction. Events of orders the shop does not ' +
              'know and types it does not use are stored and skipped.',
            headers: z.object({ 'stripe-signature': z.string().optional() }),
            response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(400, 404, 413) },
          },
        },
        async (request) => {
          if (!cards) throw new AppError('NOT_FOUND', 'Card payments are not configured in this shop.');
          const body: unknown = request.body;
          await cards.webhook(
            Buffer.isBuffer(body) ? body : Buffer.alloc(0),
            request.headers['stripe-signature'],
          );
          return { received: true as const };
        },
      );
    });
  };
}
