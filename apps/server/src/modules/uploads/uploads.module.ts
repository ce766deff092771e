import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { createRateLimiter } from '../../lib/rate-limiter.ts';
import { createBucket } from './bucket.ts';
import { mediaRoutes } from './media.routes.ts';
import { createBucketStore, createDatabaseStore, type PictureStore } from './picture-store.ts';
import { AT_ONCE } from './pictures.ts';
import { startUploadCleanup } from './upload-cleanup.ts';
import { createUploadQueue } from './upload-queue.ts';
import { createUploadGuard } from './upload-guard.ts';
import { createUploadsRepository, type UploadsRepository } from './uploads.repository.ts';
import { uploadRoutes } from './uploads.routes.ts';

// What other modules may use: the check of the pictures a write attaches.
export type { UploadGuard } from './upload-guard.ts';

/** The bucket when S3_BUCKET is set (the S3_* variables come all or none), else the database. */
function pictureStoreOf(repository: UploadsRepository, env: Env): PictureStore {
  if (!env.S3) return createDatabaseStore(repository);
  return createBucketStore(repository, createBucket(env.S3));
}

/** `POST /uploads` under `api`; answers the guard that product and profile writes call. */
export async function registerUploads(api: FastifyInstance, { db, env }: { db: Database; env: Env }) {
  const repository = createUploadsRepository(db);
  const limiter = createRateLimiter(db, { max: env.UPLOADS_PER_HOUR, windowSeconds: 3600 });
  await api.register(
    uploadRoutes({
      store: pictureStoreOf(repository, env),
      limiter,
      publicUrl: env.PUBLIC_URL,
      uploadQueue: createUploadQueue({
        max: env.UPLOAD_QUEUE_MAX,
        perUser: env.UPLOAD_QUEUE_PER_USER,
        atOnce: AT_ONCE,
      }),
    }),
  );
  return createUploadGuard(repository, env.PUBLIC_URL);
}

/** `GET /media/{id}/{width}.webp` at the root, and this process's clean-up of unused pictures. */
export async function registerMedia(app: FastifyInstance, { db, env }: { db: Database; env: Env }) {
  const repository = createUploadsRepository(db);
  // Before any write: the shop's own pictures, and only they, count as uses (a new address recounts them all).
  await repository.noteShopAddress(env.PUBLIC_URL);
  const store = pictureStoreOf(repository, env);
  await app.register(mediaRoutes(store));
  const cleanup = startUploadCleanup({ store, graceHours: env.UPLOAD_GRACE_HOURS, log: app.log });
  app.addHook('preClose', () => cleanup.stop());
}
