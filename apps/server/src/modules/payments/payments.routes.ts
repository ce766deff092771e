import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrderIdParamsSchema } from '@bazaar/shared/orders';
import { TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import {
  CardPaymentListQuerySchema,
  CardPaymentSchema,
  PAYMENT_CLAIMS_MAX,
  PaymentClaimCreatedSchema,
  PaymentClaimCreateSchema,
  PaymentClaimIdParamsSchema,
  PaymentClaimListQuerySchema,
  PaymentClaimSchema,
  PaymentRejectSchema,
  PaymentSettingsSchema,
  PaymentSettingsUpdateSchema,
  RefundDoneSchema,
  RefundIdParamsSchema,
  RefundListQuerySchema,
  RefundSchema,
} from '@bazaar/shared/payments';
import { errorResponses } from '../../errors/error-responses.ts';
import type { PaymentsService } from './payments.service.ts';

const decisionResponses = { 200: PaymentClaimSchema, ...errorResponses(400, 401, 403, 404, 409) };

export function paymentRoutes(service: PaymentsService) {
  return async function (app: FastifyInstance) {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/orders/:id/payments',
      {
        schema: {
          tags: ['payments'],
          summary: 'Say you sent a bKash or Rocket payment',
          description:
            "The order's buyer gives the number they sent from, the transaction ID and the amount; an admin then " +
            "verifies it, and the order's payment is `awaiting_verification` until then. 409 when the order is paid " +
            'in cash, is paid already, has a claim waiting, had ' +
            `${PAYMENT_CLAIMS_MAX} claims rejected, when the amount is not what is due (\`amount\` says what is) or the ` +
            'transaction ID (compared without spaces, in any letter case) paid an order already. A claim for an order ' +
            'that ended unpaid is kept: accepted, it is refunded.',
          params: OrderIdParamsSchema,
          body: PaymentClaimCreateSchema,
          response: { 201: PaymentClaimCreatedSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
        config: { signedIn: true },
      },
      async (request, reply) =>
        reply.status(201).send(await service.claim(request.viewer, request.params.id, request.body)),
    );

    routes.get(
      '/payments',
      {
        schema: {
          tags: ['payments'],
          summary: 'Payment claims (admins)',
          description: `The claims in \`status\`: waiting ones the oldest first, decided ones the latest decided first. The number of all of them is in the ${TOTAL_COUNT_HEADER} header.`,
          querystring: PaymentClaimListQuerySchema,
          response: { 200: z.array(PaymentClaimSchema), ...errorResponses(400, 401, 403) },
        },
        config: { signedIn: true },
      },
      async (request, reply) => {
        const { items, total } = await service.listClaims(request.viewer, request.query);
        void reply.header(TOTAL_COUNT_HEADER, total);
        return items;
      },
    );

    routes.post(
      '/payments/:id/accept',
      {
        schema: {
          tags: ['payments'],
          summary: 'Accept a payment claim (admins)',
          description:
            'The money arrived: the order is paid (a refund is recorded as due for what the order no longer costs). ' +
            'The buyer is mailed. 409 when the claim was decided already.',
          params: PaymentClaimIdParamsSchema,
          response: decisionResponses,
        },
        config: { signedIn: true },
      },
      async (request) => service.accept(request.viewer, request.params.id),
    );

    routes.post(
      '/payments/:id/reject',
      {
        schema: {
          tags: ['payments'],
          summary: 'Reject a payment claim (admins)',
          description:
            'No such payment arrived: the buyer is mailed the reason and may claim again. 409 when the claim was ' +
            'decided already.',
          params: PaymentClaimIdParamsSchema,
          body: PaymentRejectSchema,
          response: decisionResponses,
        },
        config: { signedIn: true },
      },
      async (request) => service.reject(request.viewer, request.params.id, request.body.reason),
    );

    routes.get(
      '/payments/refunds',
      {
        schema: {
          tags: ['payments'],
          summary: 'Refunds (admins)',
          description: `Refunds due (the oldest first) or made (the latest first). The number of all of them is in the ${TOTAL_COUNT_HEADER} header.`,
          querystring: RefundListQuerySchema,
          response: { 200: z.array(RefundSchema), ...errorResponses(400, 401, 403) },
        },
        config: { signedIn: true },
      },
      async (request, reply) => {
        const { items, total } = await service.listRefunds(request.viewer, request.query);
        void reply.header(TOTAL_COUNT_HEADER, total);
        return items;
      },
    );

    routes.get(
      '/payments/cards',
      {
        schema: {
          tags: ['payments'],
          summary: 'Card payments (admins)',
          description: `Card payments Stripe confirmed, the latest first: \`paid\` ones, or \`flagged\` ones whose amount or currency was not what was asked (not counted as paid: an admin sorts them out with the buyer). The number of all of them is in the ${TOTAL_COUNT_HEADER} header.`,
          querystring: CardPaymentListQuerySchema,
          response: { 200: z.array(CardPaymentSchema), ...errorResponses(400, 401, 403) },
        },
        config: { signedIn: true },
      },
      async (request, reply) => {
        const { items, total } = await service.listCardPayments(request.viewer, request.query);
        void reply.header(TOTAL_COUNT_HEADER, total);
        return items;
      },
    );

    routes.post(
      '/payments/refunds/:id/done',
      {
        schema: {
          tags: ['payments'],
          summary: 'Record a refund as made (admins)',
          description:
            'Once per refund; the buyer is mailed the reference. 409 when it was recorded already.',
          params: RefundIdParamsSchema,
          body: RefundDoneSchema,
          response: { 200: RefundSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
        config: { signedIn: true },
      },
      async (request) => service.refundDone(request.viewer, request.params.id, request.body.reference),
    );

    routes.get(
      '/settings/payments',
      {
        schema: {
          tags: ['payments'],
          summary: "The shop's receiving numbers (admins)",
          description:
            'The bKash and Rocket numbers checkout offers: set here, or else configured; null for none.',
          response: { 200: PaymentSettingsSchema, ...errorResponses(401, 403) },
        },
        config: { signedIn: true },
      },
      async (request) => service.settings(request.viewer),
    );

    routes.patch(
      '/settings/payments',
      {
        schema: {
          tags: ['payments'],
          summary: "Set the shop's receiving numbers (admins)",
          description:
            'A number, or null to fall back to the configured one (BKASH_NUMBER, ROCKET_NUMBER); a method with no ' +
            'number is not offered at checkout. Answers the numbers now in force.',
          body: PaymentSettingsUpdateSchema,
          response: { 200: PaymentSettingsSchema, ...errorResponses(400, 401, 403) },
        },
        config: { signedIn: true },
      },
      async (request) => service.updateSettings(request.viewer, request.body),
    );
  };
}
