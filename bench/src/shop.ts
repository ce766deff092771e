import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import { freePort, GENEROUS_LIMITS } from '@bazaar/server/testing';
import { startNode, type RunningProcess } from './processes.ts';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const benchDataDir = fileURLToPath(new URL('../.data/', import.meta.url));

/** Where the shop keeps its data: a PGlite folder or a PostgreSQL database. */
export type DatabaseEnv = { DATA_DIR: string } | { DATABASE_URL: string };

/** This process's environment without the variables that would point a child at the user's own shop data. */
export function childEnv(database: DatabaseEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL, DATA_DIR, ...rest } = process.env;
  return { ...rest, ...database };
}

/** The flags `npm start` gives node before the server's script (memory limits that only the command line sets). */
function startNodeFlags(): string[] {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const command = /\bnode ((?:--\S+ )*)apps\/server\/dist\/main\.js/.exec(manifest.scripts.start);
  if (!command)
    throw new Error('npm start no longer runs node apps/server/dist/main.js: update bench/src/shop.ts');
  return command[1]!.split(' ').filter(Boolean);
}

/**
 * The production build (`npm run build` first), as `npm start` runs it for shoppers, with logging at warn. With
 * BENCH_CPU_PROF_DIR set, it runs under `node --cpu-prof` and writes its profile there when it stops.
 */
export async function startShop(
  database: DatabaseEnv,
  settings: Record<string, string> = {},
): Promise<RunningProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return startNode({
    name: 'the shop server',
    args: [
      ...startNodeFlags(),
      ...(process.env.BENCH_CPU_PROF_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
        : []),
      join(repoRoot, 'apps/server/dist/main.js'),
    ],
    // Not the repository root: the server would read a .env file there, which may name another database.
    cwd: benchDataDir,
    env: {
      ...childEnv(database),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      SEED_ON_START: 'false',
      // The bench signs up a user per connection from one address, and each places orders by the hundred.
      ...GENEROUS_LIMITS,
      // Each bench shopper keeps ordering the same few products, none of which ships.
      UNITS_HELD_PER_PRODUCT: '1000000',
      // SEARCH_INDEX=false in the bench's environment measures the shop answering every list from SQL.
      ...(process.env.SEARCH_INDEX === undefined ? {} : { SEARCH_INDEX: process.env.SEARCH_INDEX }),
      ...settings,
    },
    port,
    readyPath: '/api/products?limit=1',
  });
}

/**
 * Waits until the shop's search index answers (it loads in the background after the server listens): the
 * milliseconds its load took, or null for a shop that holds none.
 */
export async function searchIndexReady(shopUrl: string, timeoutMs = 600_000): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const health = (await (await fetch(`${shopUrl}/api/health`)).json()) as {
      searchIndex: { ready: boolean; loadMs?: number } | null;
    };
    if (health.searchIndex === null) return null;
    if (health.searchIndex.ready) return Math.round(health.searchIndex.loadMs ?? 0);
    if (Date.now() > deadline) throw new Error(`the search index was not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The number of products the shop lists, from the total-count header of a one-product page. */
export async function countProducts(shopUrl: string): Promise<number> {
  const response = await fetch(`${shopUrl}/api/products?limit=1`);
  await response.arrayBuffer();
  return Number(response.headers.get(TOTAL_COUNT_HEADER));
}
