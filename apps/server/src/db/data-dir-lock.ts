import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Whether a process with this id runs (EPERM: it does, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(lockFile: string): number | undefined {
  try {
    return Number(readFileSync(lockFile, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Another live process holds the data directory. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/**
 * Holds a PGlite data directory for this process, and answers the release. PGlite takes no lock of its own, and
 * two processes writing one directory corrupt it. The lock is a file beside the directory with the holder's
 * process id; one left by a process that is gone (killed, crashed) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  for (;;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        if (holderOf(lockFile) === process.pid) rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(lockFile);
    if (holder !== undefined && Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
      throw new DataDirInUseError(
        `The database in ${dataDir} is in use by process ${holder} (a running server?): stop it first. ` +
          `If no such process uses it, delete ${lockFile}.`,
      );
    }
    rmSync(lockFile, { force: true });
  }
}
