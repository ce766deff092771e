import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@bazaar/shared/products';
import { paths } from './paths.ts';
import { createPostgresDatabase, testEngine } from './test/test-database.ts';

// The real entry point, as `npm start` runs it, on a data directory (or database) of its own.
const dataDir = mkdtempSync(join(tmpdir(), 'bazaar-main-'));
let databaseUrl = '';
let dropDatabase = async () => {};
let port = 3400 + Math.floor(Math.random() * 500);

beforeAll(async () => {
  if (testEngine === 'postgres') {
    const postgres = await createPostgresDatabase();
    databaseUrl = postgres.url;
    dropDatabase = postgres.drop;
  }
});

afterAll(() => dropDatabase());

function startServer(env: Record<string, string> = {}) {
  port += 1;
  const child = spawn(process.execPath, ['--import', 'tsx', join(paths.serverRoot, 'src/main.ts')], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output, url: `http://127.0.0.1:${port}` };
}

async function waitUntilReady(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become ready');
}

async function catalog(url: string) {
  const response = await fetch(`${url}/api/products?limit=100&sort=server`);
  const products = (await response.json()) as Product[];
  return {
    total: Number(response.headers.get('x-total-count')),
    ids: products.map((product) => product._id),
  };
}

describe('the server process', () => {
  it('seeds an empty database on first start, keeps it across a SIGTERM restart, and does not seed twice', async () => {
    const first = startServer();
    await waitUntilReady(first.url, first.child);
    const before = await catalog(first.url);
    expect(before.total).toBe(150);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = startServer();
    await waitUntilReady(second.url, second.child);
    expect(await catalog(second.url)).toEqual(before);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it.skipIf(testEngine !== 'pglite')(
    "refuses to open a running server's embedded database a second time, naming the process",
    async () => {
      const running = startServer();
      await waitUntilReady(running.url, running.child);
      const second = startServer();
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`is in use by process ${running.child.pid}`);
      expect(second.output()).not.toMatch(/^\s+at /m);
      expect((await catalog(running.url)).total).toBe(150);
      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
    },
  );

  it('stops with a message naming a bad variable', async () => {
    const server = startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT: expected a port number');
  });
});
