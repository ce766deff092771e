import type { FastifyBaseLogger } from 'fastify';
import { runPeriodically } from '../../lib/periodic.ts';
import type { PictureStore } from './picture-store.ts';

const EVERY_MS = 15 * 60_000;

/**
 * Every 15 minutes, deletes the pictures nothing has used for `graceHours`. Each process runs one; the deletes skip
 * rows another process holds, so they never wait for each other nor delete twice.
 */
export function startUploadCleanup(options: {
  store: PictureStore;
  graceHours: number;
  log: FastifyBaseLogger;
}): { stop(): Promise<void> } {
  const { store, graceHours, log } = options;

  async function removeAll(): Promise<void> {
    let removed = 0;
    for (
      let batch = await store.deleteUnused(graceHours);
      batch > 0;
      batch = await store.deleteUnused(graceHours)
    ) {
      removed += batch;
    }
    if (removed > 0) log.info({ removed }, 'unused uploaded pictures deleted');
  }

  return runPeriodically(EVERY_MS, removeAll, (error) =>
    log.warn({ err: error }, 'unused uploaded pictures not deleted; tried again later'),
  );
}
