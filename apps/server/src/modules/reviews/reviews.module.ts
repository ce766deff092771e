import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { CatalogCache } from '../catalog-cache/catalog-cache.module.ts';
import { createModerationService } from './moderation.service.ts';
import { createModerationRepository, createReviewsRepository } from './reviews.repository.ts';
import { reviewRoutes } from './reviews.routes.ts';
import { createReviewsService } from './reviews.service.ts';

export async function registerReviews(
  api: FastifyInstance,
  { db, catalogCache, shopUrl }: { db: Database; catalogCache: CatalogCache; shopUrl: string },
) {
  await api.register(
    reviewRoutes(
      createReviewsService(createReviewsRepository(db), catalogCache, shopUrl),
      createModerationService(createModerationRepository(db), catalogCache, shopUrl),
    ),
  );
}
