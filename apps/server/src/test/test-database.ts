import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { PGLITE_TEMPLATE_VARIABLE, POSTGRES_TEMPLATE_VARIABLE } from './database-templates.ts';
import { createDatabase, dropDatabase } from './postgres-databases.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/** Which engine this test run exercises: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const testEngine = serverUrl ? 'postgres' : 'pglite';

/**
 * A new database on the PostgreSQL server of TEST_DATABASE_URL: empty, or a copy of the run's migrated template
 * (database-templates.ts) when `migrated`.
 */
export async function createPostgresDatabase({ migrated = false } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = migrated ? process.env[POSTGRES_TEMPLATE_VARIABLE] : undefined;
  const url = await createDatabase(serverUrl, `bazaar_test_${randomBytes(6).toString('hex')}`, template);
  return { url, drop: () => dropDatabase(serverUrl, url) };
}

/** A database of the engine under test, opened; a PostgreSQL one is dropped again on close. */
async function openTestDatabase(migrated: boolean): Promise<DatabaseHandle> {
  if (!serverUrl) {
    const template = migrated ? process.env[PGLITE_TEMPLATE_VARIABLE] : undefined;
    return openDatabase(template ? { loadDataDir: new Blob([await readFile(template)]) } : {});
  }
  const postgres = await createPostgresDatabase({ migrated });
  const handle = await openDatabase({ databaseUrl: postgres.url, poolSize: 4 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await postgres.drop();
    },
  };
}

/**
 * A new database of the engine under test, with no tables yet: an in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL, dropped again on close.
 */
export function createEmptyTestDatabase(): Promise<DatabaseHandle> {
  return openTestDatabase(false);
}

/** A freshly migrated, empty database of the engine under test (see createEmptyTestDatabase). */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const handle = await openTestDatabase(true);
  // Nothing to do on a copy of the run's template, which holds every migration of this checkout.
  await handle.migrate();
  return handle;
}
