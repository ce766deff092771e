import { vi, type MockInstance } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { createPostgresDatabase } from './test-database.ts';

/**
 * Two server processes on one new, migrated PostgreSQL database: each test app with its own pool, listeners, caches
 * and search index, as two processes of the shop have. `close` closes both and drops the database.
 */
export async function createTwoServers(envOverrides: Record<string, string> = {}) {
  const postgres = await createPostgresDatabase({ migrated: true });
  const start = async (): Promise<TestApp> =>
    createTestApp(envOverrides, {
      database: await openDatabase({ databaseUrl: postgres.url, poolSize: 4 }),
    });
  const servers: [TestApp, TestApp] = [await start(), await start()];
  return {
    servers,
    close: async (): Promise<void> => {
      for (const server of servers) await server.close();
      await postgres.drop();
    },
  };
}

/** A test server whose reads through drizzle's `select` are counted: whether an answer read the database. */
export type WatchedServer = TestApp & { reads: MockInstance };

export const watchReads = (server: TestApp): WatchedServer => ({
  ...server,
  reads: vi.spyOn(server.database.db, 'select'),
});
