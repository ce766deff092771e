import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { uploadFiles, uploadRemovals, uploads } from '../../db/schema.ts';

/** A picture's rows: its size and one file per stored width, whose bytes are null when a bucket holds them. */
export interface PictureRows {
  width: number;
  height: number;
  files: { width: number; etag: string; bytes: Uint8Array | null }[];
}

export function createUploadsRepository(db: Database) {
  /** The ids of up to `batch` pictures nothing has used for `graceHours`, locked until the transaction ends. */
  const unused = (graceHours: number, batch: number) =>
    db
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

  return {
    /** Stores an upload and its widths in one transaction; answers its id (`newId` when given, else a new one). */
    async create(ownerId: string, size: number, picture: PictureRows, newId?: string): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(uploads)
          .values({ id: newId, ownerId, size, width: picture.width, height: picture.height })
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

    /**
     * The stored file that serves `width`: the widest stored at most that wide (a narrow picture has fewer). `width` is
     * the one it is stored under; `bytes` is null when a bucket holds them.
     */
    async file(
      id: string,
      width: number,
    ): Promise<{ width: number; etag: string; bytes: Uint8Array | null } | undefined> {
      const [row] = await db
        .select({ width: uploadFiles.width, etag: uploadFiles.etag, bytes: uploadFiles.bytes })
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
      const removed = await db
        .delete(uploads)
        .where(inArray(uploads.id, unused(graceHours, batch)))
        .returning({ id: uploads.id });
      return removed.length;
    },

    /**
     * As `removeUnused`, and writes the removed ids into `upload_removals` in the same transaction, for the bucket
     * objects to be deleted after it (`pendingRemovals`, `forgetRemovals`).
     */
    async removeUnusedKeepingTrack(graceHours: number, batch = 500): Promise<number> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(uploads)
          .where(inArray(uploads.id, unused(graceHours, batch)))
          .returning({ uploadId: uploads.id });
        if (removed.length > 0) await tx.insert(uploadRemovals).values(removed).onConflictDoNothing();
        return removed.length;
      });
    },

    /** Up to `batch` removed pictures whose bucket objects may still be there, the oldest first. */
    async pendingRemovals(batch = 100): Promise<string[]> {
      const rows = await db
        .select({ id: uploadRemovals.uploadId })
        .from(uploadRemovals)
        .orderBy(uploadRemovals.removedAt)
        .limit(batch);
      return rows.map((row) => row.id);
    },

    /**
     * Notes `address` (PUBLIC_URL) as one of the shop's own, whose `/media/` URLs count as uses (migration 0018); a
     * new one has every upload's uses counted again. Answers whether it was new.
     */
    async noteShopAddress(address: string): Promise<boolean> {
      const [row] = await queryRows<{ noted: boolean }>(
        db,
        sql`select note_shop_address(${address}) as noted`,
      );
      return row?.noted === true;
    },

    async forgetRemovals(ids: string[]): Promise<void> {
      await db.delete(uploadRemovals).where(inArray(uploadRemovals.uploadId, ids));
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
