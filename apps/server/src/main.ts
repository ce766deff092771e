import cluster from 'node:cluster';
import { sql } from 'drizzle-orm';
import { join } from 'node:path';
import { pino, type BaseLogger } from 'pino';
import { runPrimary } from './cluster.ts';
import { loadEnv, type Env } from './config/env.ts';
import { limitHeapGrowth } from './config/heap-growth.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { signInLine } from './demo/demo-sign-ins.ts';
import { seedDemoIfEmpty } from './demo/seed-on-start.ts';
import { buildApp } from './http/app.ts';
import { paths } from './paths.ts';

function loggerOptions(env: Env) {
  if (env.NODE_ENV !== 'development') return { level: env.LOG_LEVEL };
  return { level: env.LOG_LEVEL, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } };
}

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

/**
 * Servers starting together on one PostgreSQL database migrate, and seed, one at a time. Then the search postings
 * are vacuumed: a search reads them from their index alone only on pages a vacuum has marked all-visible, and PGlite
 * never vacuums by itself (decision 026).
 */
const migrate = (database: DatabaseHandle) =>
  database.exclusively(async () => {
    await database.migrate();
    // The dictionary's counts change with every product write (migration 0018): the dead rows they leave go too.
    await database.db.execute(sql`vacuum search_postings, search_words`);
  });

/** Seeds an empty database when asked; the demo accounts' new passwords are shown then, and never again. */
async function seedIfAsked(database: DatabaseHandle, env: Env, log: Pick<BaseLogger, 'info'>) {
  if (!env.SEED_ON_START) return;
  const seeded = await database.exclusively(() => seedDemoIfEmpty(database.db));
  if (!seeded) return;
  const { signIns, ...counts } = seeded;
  log.info(counts, 'empty database: demo catalog created');
  for (const signIn of signIns) log.info(signInLine(signIn));
}

/** One server process: the whole shop, or one of WEB_CONCURRENCY workers whose primary prepared the database. */
async function serve(env: Env, prepared: boolean): Promise<void> {
  limitHeapGrowth(env.DATABASE_URL ? 'postgres' : 'pglite');
  const database = await openDatabaseOrExit(env);
  if (!prepared) await migrate(database);

  const app = await buildApp({
    database,
    env,
    webDist: paths.webDist,
    logger: loggerOptions(env),
  });
  app.addHook('onClose', () => database.close());

  if (!prepared) await seedIfAsked(database, env, app.log);

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
        await seedIfAsked(database, env, log);
      } finally {
        await database.close();
      }
    },
  });
}

await main();
