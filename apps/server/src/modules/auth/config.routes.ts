import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PublicConfigSchema, type PublicConfig } from '@bazaar/shared/auth';
import type { PaymentOptions } from '@bazaar/shared/payments';
import type { Env } from '../../config/env.ts';
import { OIDC_PROVIDER_ID } from './auth.ts';

/** What the web app needs to know before anyone signs in: the sign-in options and the payment methods offered. */
export function configRoutes(env: Env, paymentOptions: () => Promise<PaymentOptions>) {
  // The "Google" button signs in with Google when configured, else with the OpenID Connect issuer standing in.
  const googleProvider: PublicConfig['googleProvider'] = env.GOOGLE_CLIENT_ID
    ? 'google'
    : env.OIDC_ISSUER
      ? OIDC_PROVIDER_ID
      : null;
  return async function (app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/config',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign-in and payment options',
          response: { 200: PublicConfigSchema },
        },
      },
      async (): Promise<PublicConfig> => ({ googleProvider, payments: await paymentOptions() }),
    );
  };
}
