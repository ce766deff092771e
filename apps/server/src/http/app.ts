import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import type { Env } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { demoPictures } from '../demo/pictures/demo-pictures.ts';
import { shopImageUrls } from '../images/image-urls.ts';
import { registerAuth } from '../modules/auth/auth.module.ts';
import { registerCatalogCache } from '../modules/catalog-cache/catalog-cache.module.ts';
import { registerCategories } from '../modules/categories/categories.module.ts';
import { registerMailSender, type MailSenderTimings } from '../modules/mail/mail.module.ts';
import { createEarnings } from '../modules/earnings/earnings.module.ts';
import { registerImages } from '../modules/images/images.module.ts';
import { registerOrders } from '../modules/orders/orders.module.ts';
import { createPayments } from '../modules/payments/payments.module.ts';
import { registerProducts } from '../modules/products/products.module.ts';
import { registerReviews } from '../modules/reviews/reviews.module.ts';
import { readPageModules, registerSeo, type SeoReaders } from '../modules/seo/seo.module.ts';
import { registerStats } from '../modules/stats/stats.module.ts';
import { registerMedia, registerUploads } from '../modules/uploads/uploads.module.ts';
import { registerUsers } from '../modules/users/users.module.ts';
import { answerClientError, answerFrameworkError, registerErrorHandlers } from './error-handler.ts';
import { registerInputGuard } from './input-guard.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { serverLimits } from './server-limits.ts';
import { readSiteIndex, registerStaticSite } from './static-site.ts';

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
  /** The mail sender's timings (tests shorten them), or false for no sender: queued mail then waits in the outbox. */
  mailSender?: Partial<MailSenderTimings> | false;
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

  const { db } = database;
  const catalogCache = await registerCatalogCache(app, { database, megabytes: env.CATALOG_CACHE_MB });
  const imageUrls = shopImageUrls(env.PUBLIC_URL);
  let readers: SeoReaders | undefined;
  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
      const payments = createPayments({ database, env });
      const earnings = createEarnings({ db, env });
      const { isAdmin } = await registerAuth(api, {
        database,
        env,
        paymentOptions: payments.paymentOptions,
      });
      const uploadGuard = await registerUploads(api, { db, env });
      const { productOf, firstPageOf, searchIndexStatus } = await registerProducts(api, {
        database,
        searchIndex: env.SEARCH_INDEX,
        catalogCache,
        imageUrls,
        uploadGuard,
        // PGlite runs each statement to its end (no timers in its single process): its searches rely on their caps.
        searchTimeoutMs: database.engine === 'postgres' ? env.SEARCH_TIMEOUT_MS : undefined,
      });
      api.get('/health', { schema: { hide: true } }, () => ({
        status: 'ok',
        engine: database.engine,
        // Whether this process's search index answers (an operator, the bench and tests wait for it).
        searchIndex: searchIndexStatus?.() ?? null,
      }));
      await registerCategories(api, { db, catalogCache, imageUrls });
      const { sellerOf } = await registerUsers(api, { db, isAdmin, uploadGuard });
      readers = { productOf, sellerOf, firstPageOf };
      const { moveLines } = await registerOrders(api, {
        db,
        imageUrls,
        shopUrl: env.PUBLIC_URL,
        shippingGraceSeconds: env.SHIPPING_GRACE_SECONDS,
        // PGlite runs one statement at a time: a buyer's placements cannot overlap there.
        repository: {
          unitsHeldPerProduct: env.UNITS_HELD_PER_PRODUCT,
          lockBuyer: database.engine === 'postgres',
        },
        payments: {
          ...payments.forOrders,
          // The sellers' ledger follows the payment's rules in the same transaction.
          afterMove: async (...move) => {
            await payments.forOrders.afterMove(...move);
            await earnings.afterMove(...move);
          },
        },
      });
      await payments.register(api, { moveLines });
      await earnings.register(api);
      await registerReviews(api, { db, shopUrl: env.PUBLIC_URL });
      await registerStats(api, {
        db,
        clock: options.clock ?? (() => new Date()),
        shopTotals: earnings.shopTotals,
      });
    },
    { prefix: '/api' },
  );
  if (options.mailSender !== false) registerMailSender(app, { db, env, timings: options.mailSender });
  await registerImages(app, { drawings: demoPictures });
  await registerMedia(app, { db, env });
  await registerSeo(app, {
    db,
    catalogCache,
    readers: readers!,
    publicUrl: env.PUBLIC_URL,
    indexHtml: readSiteIndex(options.webDist),
    pageModules: readPageModules(options.webDist),
  });
  await registerStaticSite(app, options.webDist);

  return app;
}
