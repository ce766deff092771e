import { randomUUID } from 'node:crypto';
import { UPLOAD_WIDTHS } from '@bazaar/shared/uploads';
import type { Bucket } from './bucket.ts';
import type { Picture } from './pictures.ts';
import type { UploadsRepository } from './uploads.repository.ts';

/** One stored width as the media route serves it: the ETag at once, the bytes only when they are sent. */
export interface StoredFile {
  etag: string;
  bytes(): Promise<Buffer | undefined>;
}

/**
 * Where the stored widths' bytes live: in the database (the default) or in an S3-compatible bucket. The database
 * keeps each picture's rows either way (owner, size, uses, one row per width with its ETag), so the guard, the
 * counting triggers and the URLs do not depend on the storage.
 */
export interface PictureStore {
  /** Stores a processed picture of `ownerId`; answers its id. */
  put(ownerId: string, size: number, picture: Picture): Promise<string>;
  /** The file serving `width` of picture `id` (the widest stored at most that wide), if there is one. */
  get(id: string, width: number): Promise<StoredFile | undefined>;
  /** Deletes up to one batch of the pictures nothing has used for `graceHours`; answers how many. */
  deleteUnused(graceHours: number): Promise<number>;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The bytes in `upload_files.bytes`, written with the picture's rows in one transaction. */
export function createDatabaseStore(repository: UploadsRepository): PictureStore {
  return {
    put: (ownerId, size, picture) => repository.create(ownerId, size, picture),
    async get(id, width) {
      const file = await repository.file(id, width);
      if (!file) return undefined;
      const { bytes } = file;
      return { etag: file.etag, bytes: async () => (bytes ? asBuffer(bytes) : undefined) };
    },
    deleteUnused: (graceHours) => repository.removeUnused(graceHours),
  };
}

const keyOf = (id: string, width: number) => `uploads/${id}/${width}.webp`;

/** Removed pictures whose objects are deleted at once. */
const REMOVALS_AT_ONCE = 20;

/** The bytes in a bucket under `uploads/{id}/{width}.webp`; the rows keep the ETags, with null bytes. */
export function createBucketStore(repository: UploadsRepository, bucket: Bucket): PictureStore {
  /** Deletes every width's object of each removed picture, then forgets it; a failure leaves it for the next round. */
  async function deleteRemovedObjects(): Promise<void> {
    for (
      let ids = await repository.pendingRemovals(REMOVALS_AT_ONCE);
      ids.length > 0;
      ids = await repository.pendingRemovals(REMOVALS_AT_ONCE)
    ) {
      // Every width, though a narrow picture has fewer: deleting a key that is not there succeeds.
      await Promise.all(ids.flatMap((id) => UPLOAD_WIDTHS.map((width) => bucket.delete(keyOf(id, width)))));
      await repository.forgetRemovals(ids);
    }
  }

  return {
    // The objects first, then the rows: a bucket that is down refuses the upload before anything is written. When a
    // put or the rows fail, the objects are deleted again (one left over costs space, never a broken picture).
    async put(ownerId, size, picture) {
      const id = randomUUID();
      const keys = picture.files.map((file) => keyOf(id, file.width));
      try {
        // Settled, not raced: no put is still on its way when the others are deleted.
        const puts = await Promise.allSettled(
          picture.files.map((file, index) => bucket.put(keys[index]!, file.bytes, 'image/webp')),
        );
        const failed = puts.find((put) => put.status === 'rejected');
        if (failed) throw failed.reason;
        const files = picture.files.map(({ width, etag }) => ({ width, etag, bytes: null }));
        return await repository.create(ownerId, size, { ...picture, files }, id);
      } catch (error) {
        await Promise.allSettled(keys.map((key) => bucket.delete(key)));
        throw error;
      }
    },

    // A row that has its bytes was stored before the shop moved to a bucket: served from the row.
    async get(id, width) {
      const file = await repository.file(id, width);
      if (!file) return undefined;
      const { bytes } = file;
      return {
        etag: file.etag,
        bytes: bytes ? async () => asBuffer(bytes) : () => bucket.get(keyOf(id, file.width)),
      };
    },

    // The rows go first, their ids into upload_removals in the same transaction; the objects after. A picture is so
    // never served half deleted, a failed object delete is tried again (it is idempotent), and the transaction holds
    // no lock while the bucket answers — on PGlite it would hold up every other query.
    async deleteUnused(graceHours) {
      const removed = await repository.removeUnusedKeepingTrack(graceHours);
      await deleteRemovedObjects();
      return removed;
    },
  };
}
