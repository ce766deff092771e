import cluster from 'node:cluster';
import { join } from 'node:path';
import { pino, type BaseLogger } from 'pino';
import { runPrimary } from './cluster.ts';
import { loadEnv, type Env } from './config/env.ts';
import { limitHeapGrowth } from './config/heap-growth.ts';
import { loggerOptions } from './config/logging.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { vacuumSearch } from './db/maintenance.ts';
import { signInLine } from './demo/demo-sign-ins.ts';
import { seedDemoIfEmpty } from './demo/seed-on-start.ts';
import { buildApp } from './http/app.ts';
import { paths } from './paths.ts';

function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

async function openDatabaseOrExit(env: Env): Promise<DatabaseHandle> {
  try {
    return await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: join(env.DATA_DIR, 'pglite') });
  } catch (error) {
    // A second server on a running shop's data: say so plainly, without a stack trace.
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Servers starting together on one PostgreSQL database migrate, and seed, one at a time. */
const migrate = (database: DatabaseHandle) =>
  database.exclusively(async () => {
    await database.migrate();
    await vacuumSearch(database.db);
  });

type Seeded = NonNullable<Awaited<ReturnType<typeof seedDemoIfEmpty>>>;

/**
 * Seeds an empty database when asked, before the app starts its work in the background: the seed empties tables, and
 * a round of the payment expiry reading them meanwhile deadlocked with it.
 */
async function seedIfAsked(database: DatabaseHandle, env: Env): Promise<Seeded | undefined> {
  if (!env.SEED_ON_START) return undefined;
  return (await database.exclusively(() => seedDemoIfEmpty(database.db, env.PAYOUT_HOLD_DAYS))) ?? undefined;
}

/** The demo accounts' new passwords are shown once, when the seed made them. */
function logSeeded({ signIns, ...counts }: Seeded, log: Pick<BaseLogger, 'info'>): void {
  log.info(counts, 'empty database: demo catalog created');
  for (const signIn of signIns) log.info(signInLine(signIn));
}

/** One server process: the whole shop, or one of WEB_CONCURRENCY workers whose primary prepared the database. */
async function serve(env: Env, prepared: boolean): Promise<void> {
  limitHeapGrowth(env.DATABASE_URL ? 'postgres' : 'pglite');
  const database = await openDatabaseOrExit(env);
  if (!prepared) await migrate(database);
  const seeded = prepared ? undefined : await seedIfAsked(database, env);

  const app = await buildApp({
    database,
    env,
    webDist: paths.webDist,
    logger: loggerOptions(env),
  });
  app.addHook('onClose', () => database.close());
  if (seeded) logSeeded(seeded, app.log);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Bazaar (${database.engine}) at http://localhost:${env.PORT}`);
}

async function main(): Promise<void> {
  const env = loadEnvOrExit();
  if (cluster.isWorker) return serve(env, true);
  if (env.WEB_CONCURRENCY === 1) return serve(env, false);
  const log = pino(loggerOptions(env));
  await runPrimary({
    workers: env.WEB_CONCURRENCY,
    log,
    async prepare() {
      const database = await openDatabaseOrExit(env);
      try {
        await migrate(database);
        const seeded = await seedIfAsked(database, env);
        if (seeded) logSeeded(seeded, log);
      } finally {
        await database.close();
      }
    },
  });
}

await main();
