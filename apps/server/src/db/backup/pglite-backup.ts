import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { openPglite } from '../client.ts';
import { lockDataDir } from '../data-dir-lock.ts';

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** Where a backup goes by default: ./backups/bazaar-<UTC time>.tar.gz */
export function defaultBackupFile(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return join('backups', `bazaar-${stamp}.tar.gz`);
}

/**
 * Writes the PGlite database in `dataDir` to `file`, a gzipped tarball of its data directory. Refuses while
 * another process (a running server) holds the directory, and never overwrites a file.
 */
export async function backupPglite(dataDir: string, file: string): Promise<{ bytes: number }> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new Error(`There is no database in ${resolve(dataDir)}.`);
  }
  if (existsSync(file)) throw new Error(`${file} exists already: name a new file with --out.`);
  const { client, close } = await openPglite(dataDir);
  try {
    // Every committed change goes into the data files first: the copy opens without replaying the log.
    await client.exec('CHECKPOINT');
    const archive = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    await mkdir(dirname(resolve(file)), { recursive: true });
    await writeFile(file, archive, { flag: 'wx' });
    return { bytes: archive.length };
  } finally {
    await close();
  }
}

/**
 * Fills `dataDir` with the database of a backup. A directory that already holds something is replaced only with
 * `force`, and only once the backup has opened as a database beside it; no server may hold it meanwhile.
 */
export async function restorePglite(file: string, dataDir: string, { force = false } = {}): Promise<void> {
  const target = resolve(dataDir);
  if (!force && !isEmptyDir(target)) {
    throw new Error(
      `${target} is not empty: restoring would replace its database. Add --force to replace it.`,
    );
  }
  const archive = new Blob([await readFile(file)]);
  await mkdir(dirname(target), { recursive: true });
  const unlock = lockDataDir(target);
  try {
    const staging = `${target}.restoring`;
    await rm(staging, { recursive: true, force: true });
    const restored = await openPglite(staging, archive);
    await restored.client.query('SELECT 1');
    await restored.close();
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
  } finally {
    unlock();
  }
}
