import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createModerationService } from './moderation.service.ts';
import { createModerationRepository, createReviewsRepository } from './reviews.repository.ts';
import { reviewRoutes } from './reviews.routes.ts';
import { createReviewsService } from './reviews.service.ts';

export async function registerReviews(
  api: FastifyInstance,
  { db, shopUrl }: { db: Database; shopUrl: string },
) {
  await api.register(
    reviewRoutes(
      createReviewsService(createReviewsRepository(db), shopUrl),
      createModerationService(createModerationRepository(db), shopUrl),
    ),
  );
}
