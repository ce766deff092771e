import { describe, expect, it, vi } from 'vitest';
import type { Product } from '@bazaar/shared/products';
import { DEMO_BUYER_EMAIL, DEMO_SELLER_EMAIL } from './demo/seed.ts';
import { call, serverProcesses, type ServerProcess } from './test/server-process.ts';
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

/** The demo accounts' e-mails and passwords a server's log showed, in its order. */
const demoSignInsIn = (output: string) =>
  [...output.matchAll(/Demo (?:seller|buyer): (\S+) \/ ([a-z-]+)/g)].map(([, email, password]) => ({
    email,
    password,
  }));

const signIn = (server: ServerProcess, body: { email?: string; password?: string }) =>
  call(server, 'POST', '/api/auth/sign-in/email', { headers: { origin: server.origin }, body });

describe('the server process', () => {
  it('seeds an empty database on first start and shows the demo passwords, keeps both across a SIGTERM restart, and does not seed or show them twice', async ({
    onTestFinished,
  }) => {
    const storage = await freshStorage((drop) => onTestFinished(drop));
    const env = { ...storage, SEED_ON_START: 'true', LOG_LEVEL: 'info' };
    const first = await servers.start(env);
    const before = await catalog(first);
    expect(before.total).toBe(150);
    // The log reaches the test through a pipe, maybe after the server's first answer.
    await vi.waitFor(() => expect(first.output()).toContain('Bazaar ('));
    const printed = demoSignInsIn(first.output());
    expect(printed.map(({ email }) => email)).toEqual([DEMO_SELLER_EMAIL, DEMO_BUYER_EMAIL]);
    for (const account of printed) expect((await signIn(first, account)).status).toBe(200);
    expect(await first.kill('SIGTERM')).toBe(0);

    const second = await servers.start(env);
    expect(await catalog(second)).toEqual(before);
    await vi.waitFor(() => expect(second.output()).toContain('Bazaar ('));
    expect(demoSignInsIn(second.output())).toEqual([]);
    for (const account of printed) expect((await signIn(second, account)).status).toBe(200);
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
