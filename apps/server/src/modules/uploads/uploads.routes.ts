import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES, UPLOAD_WIDTHS } from '@bazaar/shared/uploads';
import { AppError } from '../../errors/app-error.ts';
import { errorResponses } from '../../errors/error-responses.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { processPicture } from './pictures.ts';
import type { PictureStore } from './picture-store.ts';
import type { UploadQueue } from './upload-queue.ts';

const UploadedSchema = z.object({
  url: z.url(),
  width: z.int(),
  height: z.int(),
});

const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`);

/**
 * The one file of a multipart body, in the field `file`, streamed into `path` as it arrives: a file waiting for its
 * turn is on disk, not in memory. Anything else in the body is refused. Answers its size.
 */
async function theFile(request: FastifyRequest, path: string): Promise<number> {
  if (!request.isMultipart())
    throw badRequest('Send the picture as multipart/form-data, in the field "file".');
  let received = false;
  for await (const part of request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES } })) {
    if (received || part.type !== 'file' || part.fieldname !== 'file') {
      throw badRequest('Send one picture in the field "file", and nothing else.');
    }
    received = true;
    await pipeline(part.file, createWriteStream(path));
    if (part.file.truncated) throw tooLarge();
  }
  if (!received) throw badRequest('Send the picture in the field "file".');
  const { size } = await stat(path);
  if (size === 0) throw badRequest('The file is empty.');
  return size;
}

export function uploadRoutes(options: {
  store: PictureStore;
  limiter: RateLimiter;
  publicUrl: string;
  uploadQueue: UploadQueue;
}) {
  const { store, limiter, publicUrl, uploadQueue } = options;
  return async function (app: FastifyInstance) {
    // Only this plugin's routes take multipart bodies; the busboy errors (a file too large…) carry their status.
    await app.register(fastifyMultipart, { throwFileSizeLimit: true });
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/uploads',
      {
        schema: {
          tags: ['uploads'],
          summary: 'Upload a picture',
          description:
            'A JPEG, PNG, WebP or AVIF file (decided by its content) of at most 10 MB, in the multipart field ' +
            '`file`. The shop stores it upright, without metadata, as WebP at the widths ' +
            `${UPLOAD_WIDTHS.join(', ')}, and answers the URL of the largest with its size.`,
          consumes: ['multipart/form-data'],
          response: { 201: UploadedSchema, ...errorResponses(400, 401, 413, 415, 429, 503) },
        },
        config: { signedIn: true },
      },
      async (request, reply) => {
        // A place first, before the body is read: past the queue's length or the user's share, nothing is kept.
        const ticket = uploadQueue.admit(request.viewer.id);
        let folder: string | undefined;
        try {
          folder = await mkdtemp(join(tmpdir(), 'bazaar-upload-'));
          const path = join(folder, 'file');
          let size: number;
          try {
            size = await theFile(request, path);
          } catch (error) {
            if (error instanceof AppError) throw error;
            if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
            // Whatever else the multipart parser met: a body cut short, a boundary that never comes…
            throw badRequest('The body is not readable multipart/form-data.');
          }
          // Counted once the file is in and before it is decoded: refused files cost work too.
          const limit = await limiter.hit(`upload:${request.viewer.id}`);
          if (!limit.allowed) {
            throw new AppError(
              'RATE_LIMITED',
              'You have uploaded too many pictures this hour; try again later.',
              undefined,
              { 'Retry-After': String(limit.retryAfterSeconds) },
            );
          }
          const picture = await ticket.inTurn(() => processPicture(path));
          const id = await store.put(request.viewer.id, size, picture);
          return await reply.status(201).send({
            url: `${publicUrl}/media/${id}/${UPLOAD_WIDTHS[UPLOAD_WIDTHS.length - 1]}.webp`,
            width: picture.width,
            height: picture.height,
          });
        } finally {
          ticket.release();
          if (folder !== undefined) await rm(folder, { recursive: true, force: true });
        }
      },
    );
  };
}
