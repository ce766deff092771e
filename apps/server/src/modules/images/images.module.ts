import type { FastifyInstance } from 'fastify';
import { imageRoutes, type PictureDrawings } from './images.routes.ts';

export type { PictureDrawings } from './images.routes.ts';

/**
 * The generated placeholder images, served at the root beside the web app. What they show is not the shop's:
 * `drawings` draws them (the demo's, `demo/pictures/`, in the shop).
 */
export async function registerImages(app: FastifyInstance, { drawings }: { drawings: PictureDrawings }) {
  await app.register(imageRoutes(drawings));
}
