import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uploadFiles, uploads } from '../../db/schema.ts';
import type { Picture } from './pictures.ts';

export function createUploadsRepository(db: Database) {
  return {
    /** Stores an upload and its widths in one transaction; answers its id. */
    async create(ownerId: string, size: number, picture: Picture): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(uploads)
          .values({ ownerId, size, width: picture.width, height: picture.height })
          .returning({ id: uploads.id });
        const id = row!.id;
        await tx.insert(uploadFiles).values(
          picture.files.map((file) => ({
            uploadId: id,
            width: file.width,
            etag: file.etag,
            bytes: file.bytes,
          })),
        );
        return id;
      });
    },

    /** The stored file that serves `width`: the widest stored at most that wide (a narrow picture has fewer). */
    async file(id: string, width: number): Promise<{ etag: string; bytes: Uint8Array } | undefined> {
      const [row] = await db
        .select({ etag: uploadFiles.etag, bytes: uploadFiles.bytes })
        .from(uploadFiles)
        .where(and(eq(uploadFiles.uploadId, id), lte(uploadFiles.width, width)))
        .orderBy(desc(uploadFiles.width))
        .limit(1);
      return row;
    },

    async owners(ids: string[]): Promise<{ id: string; ownerId: string }[]> {
      return db
        .select({ id: uploads.id, ownerId: uploads.ownerId })
        .from(uploads)
        .where(inArray(uploads.id, ids));
    },

    /**
     * Restarts the grace period of the unused ones among `ids`, so that the clean-up cannot delete a picture a write
     * is about to attach; answers how many of them are still there. The update waits for a clean-up deleting one of
     * them at that moment, and then finds it gone.
     */
    async keepForAttaching(ids: string[]): Promise<number> {
      const kept = await db
        .update(uploads)
        .set({ unusedSince: sql`case when ${uploads.uses} = 0 then now() end` })
        .where(inArray(uploads.id, ids))
        .returning({ id: uploads.id });
      return kept.length;
    },

    /**
     * Deletes up to `batch` pictures nothing has used for `graceHours`; answers how many. SKIP LOCKED lets the jobs
     * of several processes share the work, and a picture a write is attaching meanwhile (its row locked by the
     * counting trigger) is left for the next round.
     */
    async removeUnused(graceHours: number, batch = 500): Promise<number> {
      const unused = db
        .select({ id: uploads.id })
        .from(uploads)
        .where(
          and(
            eq(uploads.uses, 0),
            lte(uploads.unusedSince, sql`now() - make_interval(secs => ${graceHours * 3600})`),
          ),
        )
        .limit(batch)
        .for('update', { skipLocked: true });
      const removed = await db
        .delete(uploads)
        .where(inArray(uploads.id, unused))
        .returning({ id: uploads.id });
      return removed.length;
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
