import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../../config/env.ts';
import { backupPglite, defaultBackupFile, restorePglite } from './pglite-backup.ts';

const USAGE = `Usage:
  npm run db:backup [-- --out FILE] [--data-dir DIR]
  npm run db:restore -- FILE [--data-dir DIR] [--force]
The database is the one in DIR/pglite, DIR defaulting to DATA_DIR (./data);
a backup goes to backups/bazaar-<UTC time>.tar.gz unless --out names a file.`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { out: { type: 'string' }, 'data-dir': { type: 'string' }, force: { type: 'boolean' } },
    });
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  const { positionals, values } = parsed;
  const [command, file, ...extra] = positionals;
  const env = loadEnv();
  if (env.DATABASE_URL) {
    fail('DATABASE_URL is set: back up PostgreSQL with pg_dump and pg_restore (docs/backups.md).');
  }
  const pgliteDir = join(values['data-dir'] ?? env.DATA_DIR, 'pglite');

  if (command === 'backup' && file === undefined) {
    const out = values.out ?? defaultBackupFile();
    const { bytes } = await backupPglite(pgliteDir, out);
    console.log(`Backed up ${pgliteDir} to ${out} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
  } else if (command === 'restore' && file !== undefined && extra.length === 0 && values.out === undefined) {
    await restorePglite(file, pgliteDir, { force: values.force ?? false });
    console.log(`Restored ${file} into ${pgliteDir}.`);
  } else {
    fail(USAGE);
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
