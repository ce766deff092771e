import type { FastifyInstance } from 'fastify';
import { UPLOAD_WIDTHS } from '@bazaar/shared/uploads';
import { z } from 'zod';
import { notFound } from '../../errors/app-error.ts';
import { etagMatches } from '../../lib/etag.ts';
import type { PictureStore } from './picture-store.ts';

const MediaParamsSchema = z.object({
  id: z.uuid(),
  width: z.coerce
    .number()
    .int()
    .refine((width) => (UPLOAD_WIDTHS as readonly number[]).includes(width)),
});

/** Serves uploaded pictures at `/media/{id}/{width}.webp`: immutable, since an upload never changes. */
export function mediaRoutes(store: PictureStore) {
  return async function (app: FastifyInstance) {
    app.get<{ Params: { id: string; width: string } }>(
      '/media/:id/:width.webp',
      { schema: { hide: true } },
      async (request, reply) => {
        // Any id or width that names no stored picture is the same 404, malformed or not.
        const params = MediaParamsSchema.safeParse(request.params);
        const file = params.success ? await store.get(params.data.id, params.data.width) : undefined;
        if (!file) throw notFound('Picture');
        void reply
          .header('ETag', file.etag)
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('Content-Type', 'image/webp');
        if (etagMatches(request.headers['if-none-match'], file.etag)) return reply.status(304).send();
        // Read only now: a client that has the picture costs no read of the bucket.
        const bytes = await file.bytes();
        if (!bytes) throw notFound('Picture');
        return reply.send(bytes);
      },
    );
  };
}
