import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import type { Env } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createAuth } from '../modules/auth/auth.ts';
import { authRoutes } from '../modules/auth/auth.routes.ts';
import { resolveAuthSecret } from '../modules/auth/auth-secret.ts';
import { createRateLimiter } from '../modules/auth/rate-limiter.ts';
import { createViewers } from '../modules/auth/viewer.ts';
import { configRoutes } from '../modules/auth/config.routes.ts';
import { categoryRoutes } from '../modules/categories/categories.routes.ts';
import { createCategoriesRepository } from '../modules/categories/categories.repository.ts';
import { createCategoriesService } from '../modules/categories/categories.service.ts';
import { createCatalogCache } from '../modules/catalog-cache/catalog-cache.ts';
import { followCatalogChanges } from '../modules/catalog-cache/catalog-events.ts';
import { announceCatalogChange } from '../db/catalog-changes.ts';
import { imageRoutes } from '../modules/images/images.routes.ts';
import { shopImageUrls } from '../images/image-urls.ts';
import { orderRoutes } from '../modules/orders/orders.routes.ts';
import { createOrdersRepository } from '../modules/orders/orders.repository.ts';
import { createOrdersService } from '../modules/orders/orders.service.ts';
import { productRoutes } from '../modules/products/products.routes.ts';
import { createProductsRepository } from '../modules/products/products.repository.ts';
import { createProductsService } from '../modules/products/products.service.ts';
import { statsRoutes } from '../modules/stats/stats.routes.ts';
import { createStatsRepository } from '../modules/stats/stats.repository.ts';
import { createStatsService } from '../modules/stats/stats.service.ts';
import { userRoutes } from '../modules/users/users.routes.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import { answerClientError, answerFrameworkError, registerErrorHandlers } from './error-handler.ts';
import { registerInputGuard } from './input-guard.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { serverLimits } from './server-limits.ts';
import { registerStaticSite } from './static-site.ts';

export interface AppOptions {
  database: DatabaseHandle;
  env: Env;
  /** The built web app to serve; left out in API tests. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  /** What time it is for the dashboard's figures; tests fix it to place orders in known months. */
  clock?: () => Date;
  /** Told of every route as it is added: tests list the routes to call each one. */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // On close, answer new requests on kept-alive connections with 503 while in-flight ones finish.
    return503OnClosing: true,
    // Image slugs may be up to 120 characters (images.urls.ts).
    routerOptions: { maxParamLength: 130 },
    // Trusts the TRUST_PROXY nearest hops only (`true` would believe the leftmost entry, which a client writes).
    trustProxy: (_address: string, hop: number) => hop < options.env.TRUST_PROXY,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    ...serverLimits(options.env),
  });
  const { env, database } = options;
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);
  registerInputGuard(app);

  registerSecurityHeaders(app);
  await app.register(fastifyCors, {
    origin: env.CORS_ORIGINS,
    credentials: true,
    // Every method the API answers (the default stops at GET, HEAD and POST).
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    exposedHeaders: [TOTAL_COUNT_HEADER, TOTAL_COUNT_CAPPED_HEADER, 'set-auth-token'],
  });
  await app.register(fastifyCompress);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Bazaar API',
        description: 'The shop API. Field names follow the shop specification.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const db = database.db;
  const catalogCache = createCatalogCache(env.CATALOG_CACHE_MB * 1024 * 1024);
  if (env.CATALOG_CACHE_MB > 0) {
    const stopFollowing = await followCatalogChanges(database, catalogCache, app.log);
    app.addHook('onClose', () => stopFollowing());
  }
  const auth = createAuth(db, {
    log: app.log,
    limiter: createRateLimiter(db, {
      max: env.AUTH_RATE_LIMIT_MAX,
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    }),
    publicUrl: env.PUBLIC_URL,
    secret: await resolveAuthSecret(db, env.AUTH_SECRET),
    trustedOrigins: env.CORS_ORIGINS,
    google: env.GOOGLE_CLIENT_ID
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET ?? '' }
      : undefined,
    oidc: env.OIDC_ISSUER
      ? {
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID ?? '',
          clientSecret: env.OIDC_CLIENT_SECRET ?? '',
        }
      : undefined,
    // Product answers show their seller's name: a renamed user empties every process's catalog cache.
    async onUserUpdated() {
      await announceCatalogChange(db);
      catalogCache.invalidate();
    },
  });
  const viewers = createViewers(auth, {
    adminEmails: env.ADMIN_EMAILS,
    trustedOrigins: [env.PUBLIC_URL, ...env.CORS_ORIGINS],
  });
  const imageUrls = shopImageUrls(env.PUBLIC_URL);
  const products = createProductsService(createProductsRepository(db), catalogCache, imageUrls);
  const categories = createCategoriesService(createCategoriesRepository(db), imageUrls);
  const users = createUsersService(createUsersRepository(db), viewers, catalogCache);
  const orders = createOrdersService(createOrdersRepository(db), imageUrls);
  const stats = createStatsService(createStatsRepository(db), options.clock ?? (() => new Date()));

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
      api.get('/health', { schema: { hide: true } }, () => ({ status: 'ok', engine: database.engine }));
      await api.register(authRoutes(auth, env.PUBLIC_URL));
      await api.register(configRoutes(env));
      await api.register(productRoutes(products, viewers, catalogCache));
      await api.register(categoryRoutes(categories, catalogCache));
      await api.register(userRoutes(users, viewers));
      await api.register(orderRoutes(orders, viewers));
      await api.register(statsRoutes(stats, viewers));
    },
    { prefix: '/api' },
  );
  await app.register(imageRoutes);
  await registerStaticSite(app, options.webDist);

  return app;
}
