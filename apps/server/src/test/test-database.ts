import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { PGLITE_TEMPLATE_VARIABLE } from './pglite-template.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/** Which engine this test run exercises: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const testEngine = serverUrl ? 'postgres' : 'pglite';

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the PostgreSQL server of TEST_DATABASE_URL. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `bazaar_test_${randomBytes(6).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A new database of the engine under test, with no tables yet: an in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL, dropped again on close.
 */
export async function createEmptyTestDatabase(): Promise<DatabaseHandle> {
  if (!serverUrl) return openDatabase({});
  const postgres = await createPostgresDatabase();
  const handle = await openDatabase({ databaseUrl: postgres.url, poolSize: 4 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await postgres.drop();
    },
  };
}

/** A freshly migrated, empty database of the engine under test (see createEmptyTestDatabase). */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = process.env[PGLITE_TEMPLATE_VARIABLE];
  const handle =
    !serverUrl && template
      ? await openDatabase({ loadDataDir: new Blob([await readFile(template)]) })
      : await createEmptyTestDatabase();
  // Nothing to do on the template, which the run migrated once: it holds every migration of this checkout.
  await handle.migrate();
  return handle;
}
