import { join } from 'node:path';
import { limitHeapGrowth } from './config/embedded-memory.ts';
import { loadEnv, type Env } from './config/env.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { seedDemoIfEmpty } from './db/seed/seed-on-start.ts';
import { buildApp } from './http/app.ts';
import { paths } from './paths.ts';

function loggerOptions(env: Env) {
  if (env.NODE_ENV !== 'development') return { level: env.LOG_LEVEL };
  return { level: env.LOG_LEVEL, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } };
}

async function main(): Promise<void> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  if (!env.DATABASE_URL) limitHeapGrowth();
  let database: DatabaseHandle;
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: join(env.DATA_DIR, 'pglite') });
  } catch (error) {
    // A second server on a running shop's data: say so plainly, without a stack trace.
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  // Servers starting together on one PostgreSQL database migrate, and seed, one at a time.
  await database.exclusively(() => database.migrate());

  const app = await buildApp({
    database,
    env,
    webDist: paths.webDist,
    logger: loggerOptions(env),
  });
  app.addHook('onClose', () => database.close());

  if (env.SEED_ON_START) {
    const seeded = await database.exclusively(() => seedDemoIfEmpty(database.db));
    if (seeded) app.log.info(seeded, 'empty database: demo catalog created');
  }

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

await main();
