import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import type { DatabaseHandle } from '../db/client.ts';
import { categoryRoutes } from '../modules/categories/categories.routes.ts';
import { createCategoriesRepository } from '../modules/categories/categories.repository.ts';
import { createCategoriesService } from '../modules/categories/categories.service.ts';
import { imageRoutes } from '../modules/images/images.routes.ts';
import { productRoutes } from '../modules/products/products.routes.ts';
import { createProductsRepository } from '../modules/products/products.repository.ts';
import { createProductsService } from '../modules/products/products.service.ts';
import { registerErrorHandlers } from './error-handler.ts';
import { registerStaticSite } from './static-site.ts';

export interface AppOptions {
  database: DatabaseHandle;
  corsOrigins?: string[];
  /** The built web app to serve; left out in API tests. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // On close, answer new requests on kept-alive connections with 503 while in-flight ones finish.
    return503OnClosing: true,
    // Image slugs may be up to 120 characters (images.urls.ts).
    routerOptions: { maxParamLength: 130 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        // The shop's images are generated SVGs served by itself; sellers may link product images elsewhere.
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Off: over plain http on a LAN address it would send the browser to https for every asset.
        upgradeInsecureRequests: null,
      },
    },
    // Another front end (CORS_ORIGINS) shows the shop's images, so they may be embedded cross-origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(fastifyCors, {
    origin: options.corsOrigins ?? [],
    exposedHeaders: [TOTAL_COUNT_HEADER],
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

  const database = options.database;
  const products = createProductsService(createProductsRepository(database.db));
  const categories = createCategoriesService(createCategoriesRepository(database.db));

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
      api.get('/health', { schema: { hide: true } }, () => ({ status: 'ok', engine: database.engine }));
      await api.register(productRoutes(products));
      await api.register(categoryRoutes(categories));
    },
    { prefix: '/api' },
  );
  await app.register(imageRoutes);
  await registerStaticSite(app, options.webDist);

  return app;
}
