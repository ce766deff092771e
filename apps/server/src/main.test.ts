import { describe, expect, it } from 'vitest';
import type { Product } from '@bazaar/shared/products';
import { serverProcesses, type ServerProcess } from './test/server-process.ts';
import { createPostgresDatabase, testEngine } from './test/test-database.ts';

// The built entry point, as `npm start` runs it, on a data directory (or database) of its own.
const servers = serverProcesses();

/** Where a fresh shop keeps its data on the engine under test; dropped again after the test. */
async function freshStorage(onDone: (drop: () => Promise<void>) => void): Promise<Record<string, string>> {
  if (testEngine === 'pglite') return { DATA_DIR: await servers.dataDir() };
  const postgres = await createPostgresDatabase();
  onDone(postgres.drop);
  return { DATABASE_URL: postgres.url };
}

async function catalog(server: ServerProcess) {
  const response = await fetch(`${server.url}/api/products?limit=100&sort=server`);
  const products = (await response.json()) as Product[];
  return {
    total: Number(response.headers.get('x-total-count')),
    ids: products.map((product) => product._id),
  };
}

describe('the server process', () => {
  it('seeds an empty database on first start, keeps it across a SIGTERM restart, and does not seed twice', async ({
    onTestFinished,
  }) => {
    const storage = await freshStorage((drop) => onTestFinished(drop));
    const first = await servers.start({ ...storage, SEED_ON_START: 'true' });
    const before = await catalog(first);
    expect(before.total).toBe(150);
    expect(await first.kill('SIGTERM')).toBe(0);

    const second = await servers.start({ ...storage, SEED_ON_START: 'true' });
    expect(await catalog(second)).toEqual(before);
    expect(await second.kill('SIGTERM')).toBe(0);
  });

  it.skipIf(testEngine !== 'pglite')(
    "refuses to open a running server's embedded database a second time, naming the process",
    async () => {
      const storage = { DATA_DIR: await servers.dataDir(), SEED_ON_START: 'true' };
      const running = await servers.start(storage);
      const second = await servers.exit(storage);
      expect(second.code).toBe(1);
      expect(second.output).toContain(`is in use by process ${running.pid}`);
      expect(second.output).not.toMatch(/^\s+at /m);
      expect((await catalog(running)).total).toBe(150);
      expect(await running.kill('SIGTERM')).toBe(0);
    },
  );

  it('stops with a message naming a bad variable', async () => {
    const server = await servers.exit({ DATA_DIR: await servers.dataDir(), PORT: 'eighty' });
    expect(server.code).toBe(1);
    expect(server.output).toContain('PORT: expected a port number');
  });
});
