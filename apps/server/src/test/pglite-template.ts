// Vitest's global setup: on PGlite, one migrated database made once per run, which every test file's database
// starts from (test-database.ts) instead of running initdb and every migration again (seconds a file).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { openPglite } from '../db/client.ts';
import { drizzleOnPglite } from '../db/pglite-statements.ts';
import { paths } from '../paths.ts';

export const PGLITE_TEMPLATE_VARIABLE = 'BAZAAR_TEST_PGLITE_TEMPLATE';

export default async function makePgliteTemplate(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const folder = await mkdtemp(join(tmpdir(), 'bazaar-pglite-template-'));
  const { client, close } = await openPglite(undefined);
  try {
    await migrate(drizzleOnPglite(client), { migrationsFolder: paths.migrations });
    const file = join(folder, 'migrated.tar');
    await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    // The workers start after this and inherit the environment.
    process.env[PGLITE_TEMPLATE_VARIABLE] = file;
  } finally {
    await close();
  }
  return () => rm(folder, { recursive: true, force: true });
}
