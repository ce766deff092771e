// Vitest's global setup: one migrated database made once per run, which every test file's database starts from
// (test-database.ts) instead of running every migration again (seconds a file). On PGlite a dump of its data
// directory, on PostgreSQL a template database on the TEST_DATABASE_URL server.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { openDatabase, openPglite } from '../db/client.ts';
import { drizzleOnPglite } from '../db/pglite-statements.ts';
import { paths } from '../paths.ts';
import { createDatabase, dropDatabase } from './postgres-databases.ts';

export const PGLITE_TEMPLATE_VARIABLE = 'BAZAAR_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_VARIABLE = 'BAZAAR_TEST_POSTGRES_TEMPLATE';

async function makePgliteTemplate(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'bazaar-pglite-template-'));
  const { client, close } = await openPglite(undefined);
  try {
    await migrate(drizzleOnPglite(client), { migrationsFolder: paths.migrations });
    const file = join(folder, 'migrated.tar');
    await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    process.env[PGLITE_TEMPLATE_VARIABLE] = file;
  } finally {
    await close();
  }
  return () => rm(folder, { recursive: true, force: true });
}

async function makePostgresTemplate(serverUrl: string): Promise<() => Promise<void>> {
  const name = `bazaar_template_${randomBytes(6).toString('hex')}`;
  const url = await createDatabase(serverUrl, name);
  const drop = () => dropDatabase(serverUrl, url);
  try {
    // Closed before any copy is made: PostgreSQL copies only a template nobody is connected to.
    const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  process.env[POSTGRES_TEMPLATE_VARIABLE] = name;
  return drop;
}

// The workers start after this and inherit the environment.
export default function makeDatabaseTemplate(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? makePostgresTemplate(serverUrl) : makePgliteTemplate();
}
