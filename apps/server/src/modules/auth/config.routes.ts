import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PublicConfigSchema, type PublicConfig } from '@bazaar/shared/auth';
import type { Env } from '../../config/env.ts';
import { OIDC_PROVIDER_ID } from './auth.ts';

/** What the web app needs to know about sign-in before anyone signs in. */
export function configRoutes(env: Env) {
  const config: PublicConfig = {
    // The "Google" button signs in with Google when configured, else with the OpenID Connect issuer standing in.
    googleProvider: env.GOOGLE_CLIENT_ID ? 'google' : env.OIDC_ISSUER ? OIDC_PROVIDER_ID : null,
  };
  return async function (app: FastifyInstance) {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/config',
        { schema: { tags: ['auth'], summary: 'Sign-in options', response: { 200: PublicConfigSchema } } },
        () => config,
      );
  };
}
