import type { FastifyInstance } from 'fastify';
import { imageRoutes } from './images.routes.ts';

/** The generated placeholder images, served at the root beside the web app. */
export async function registerImages(app: FastifyInstance) {
  await app.register(imageRoutes);
}
