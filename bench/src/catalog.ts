import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, dropDatabase } from '@bazaar/server/testing';
import type { Engine, Options } from './options.ts';
import type { RunningProcess } from './processes.ts';
import { benchDataDir, childEnv, countProducts, repoRoot, startShop, type DatabaseEnv } from './shop.ts';

export interface Catalog {
  /** The shop, started with the server processes of the last `restart` (else the first of `--processes`). */
  readonly shop: RunningProcess;
  /** Stops the shop and starts it again with `processes` server processes (WEB_CONCURRENCY) on the same catalog. */
  restart(processes: number): Promise<void>;
  /** Seconds `npm run seed` took, or null when a catalog of the right size was reused. */
  seedSeconds: number | null;
  engineVersion: string;
  /** Stops the shop and, unless kept, removes the catalog. */
  close(): Promise<void>;
}

const DUPLICATE_DATABASE = '42P04';

/** A database of the bench's own on the user's PostgreSQL server: their DATABASE_URL's database is never written. */
async function benchDatabase(serverUrl: string, products: number): Promise<string> {
  const name = `bazaar_bench_${products}`;
  try {
    return await createDatabase(serverUrl, name);
  } catch (error) {
    if ((error as { code?: string }).code !== DUPLICATE_DATABASE) throw error;
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return `PostgreSQL ${rows[0]?.server_version ?? '?'}`;
  } finally {
    await client.end();
  }
}

async function pgliteVersion(): Promise<string> {
  const manifest = join(repoRoot, 'node_modules/@electric-sql/pglite/package.json');
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  return `PGlite ${version}`;
}

async function seed(database: DatabaseEnv, products: number): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['run', 'seed', '--silent', '--', '--products', String(products)], {
    cwd: repoRoot,
    env: childEnv(database),
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run seed exited with ${code}`);
  return (performance.now() - started) / 1000;
}

/**
 * Starts the shop on a catalog of exactly `options.products` products: the one a former `--keep` run left,
 * or a new one seeded with the repository's seeder.
 */
export async function openCatalog(engine: Engine, options: Options): Promise<Catalog> {
  const products = options.products;
  await mkdir(benchDataDir, { recursive: true });
  let database: DatabaseEnv;
  let remove: () => Promise<void>;
  let engineVersion: string;
  if (engine === 'postgres') {
    const serverUrl = options.postgresUrl ?? '';
    const url = await benchDatabase(serverUrl, products);
    database = { DATABASE_URL: url };
    remove = () => dropDatabase(serverUrl, url);
    engineVersion = await postgresVersion(url);
  } else {
    const dataDir = join(benchDataDir, `pglite-${products}`);
    database = { DATA_DIR: dataDir };
    remove = () => rm(dataDir, { recursive: true, force: true });
    engineVersion = await pgliteVersion();
  }
  const where =
    'DATABASE_URL' in database ? new URL(database.DATABASE_URL).pathname.slice(1) : database.DATA_DIR;

  const start = (processes: number) => startShop(database, { WEB_CONCURRENCY: String(processes) });
  let shop = await start(options.processes[0] ?? 1);
  let seedSeconds: number | null = null;
  const found = await countProducts(shop.url);
  if (found === products) {
    console.log(`Reusing the catalog of ${products} products in ${where} (kept by an earlier --keep run).`);
  } else {
    await shop.stop();
    console.log(`Seeding ${products} products into ${where} (it held ${found})…`);
    seedSeconds = await seed(database, products);
    shop = await start(options.processes[0] ?? 1);
  }
  return {
    get shop() {
      return shop;
    },
    async restart(processes) {
      await shop.stop();
      shop = await start(processes);
    },
    seedSeconds,
    engineVersion,
    async close() {
      await shop.stop();
      if (!options.keep) await remove();
    },
  };
}
