import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { paths } from '../paths.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { drizzleOnPglite } from './pglite-statements.ts';
import { listenOnPostgres, type ChannelListener, type Subscription } from './listen.ts';
import * as schema from './schema.ts';
import { parseTextArray, TEXT_ARRAY_OID } from './text-array.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs raw SQL and returns its rows; both engines' drivers answer with a `rows` array. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}

/**
 * Runs independent reads: at once on the pool's connections, one after the other in a transaction, whose one
 * connection takes one query at a time (pg deprecates queueing queries on a client, and pg 9 will refuse them).
 */
export async function readEach<const Reads extends readonly (() => Promise<unknown>)[]>(
  executor: Database,
  reads: Reads,
): Promise<{ -readonly [K in keyof Reads]: Awaited<ReturnType<Reads[K]>> }> {
  type Results = { -readonly [K in keyof Reads]: Awaited<ReturnType<Reads[K]>> };
  if (!(executor instanceof PgTransaction))
    return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}

/**
 * A raw statement built once, its values given by `sql.placeholder` names on each run. It is a named prepared
 * statement, parsed once per connection (on PGlite, by `pglite-statements.ts`) and planned as PostgreSQL's plan
 * cache decides: for a statement run on every request, building it (drizzle) and planning it cost more than running it.
 */
export function prepareRows<Row>(db: Database, name: string, query: SQL) {
  const built = new PgDialect().sqlToQuery(query);
  // Private (version pinned, db/pinned-versions.test.ts): drizzle prepares a statement under a name only for the
  // queries it builds (`.prepare(name)`); its session's `prepareQuery` is the one way to name raw SQL.
  const prepared = db._.session.prepareQuery(built, undefined, name, false);
  /** `within` runs it in a transaction (the same statement by name, on the transaction's connection). */
  return async (values: Record<string, unknown>, within?: Database): Promise<Row[]> => {
    const statement = within ? within._.session.prepareQuery(built, undefined, name, false) : prepared;
    const result = (await statement.execute(values)) as { rows: Row[] };
    return result.rows;
  };
}

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** Applies the migrations not applied yet: the shop's, or those of another folder (tests). */
  migrate(migrationsFolder?: string): Promise<void>;
  close(): Promise<void>;
  /** Subscribes to NOTIFY on `channel`: from every process on PostgreSQL, from this one on PGlite. */
  listen(channel: string, listener: ChannelListener): Promise<Subscription>;
  /**
   * Runs `work` while no other server process on this database runs its own: start-up steps such as
   * migrations and the first seed, which would collide when several servers start at once.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
}

/** The advisory lock that `exclusively` holds on PostgreSQL. */
const STARTUP_LOCK = 'bazaar:startup';

export interface DatabaseOptions {
  /** PostgreSQL connection URL; without it the embedded PGlite engine is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `undefined` keeps the database in memory (tests). */
  dataDir?: string | undefined;
  /** PGlite: start from this dump of a data directory (`dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
}

/**
 * The embedded engine as the shop runs it, in memory when `dataDir` is undefined. A data directory is held against
 * other processes until `close`; `loadDataDir` fills a new one from a backup (`dumpDataDir`).
 */
export async function openPglite(
  dataDir: string | undefined,
  loadDataDir?: Blob,
): Promise<{ client: PGlite; close: () => Promise<void> }> {
  const directory = dataDir ? resolve(dataDir) : undefined;
  // PGlite does not create missing parent folders itself.
  if (directory) await mkdir(directory, { recursive: true });
  const unlock = directory ? lockDataDir(directory) : () => undefined;
  try {
    // Durability: a COMMIT returns once its WAL is written to the data directory's files, so a killed process
    // loses no committed transaction (orders.crash.test.ts). PGlite starts with fsync off, and its Node file
    // system has no fsync to turn on: an operating-system crash or power cut can lose the last commits (README).
    const client = await PGlite.create({
      dataDir: directory,
      loadDataDir,
      extensions: { pg_trgm, fuzzystrmatch },
      // PostgreSQL's 128 MB of shared buffers live in the WebAssembly heap, which never shrinks: it alone took the
      // server past 380 MB RSS. 32 MB keeps most of the speed of uncached reads (16 MB halved it, for ~15 MB less);
      // pages outside the buffers are read from the operating system's file cache.
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
    });
    return {
      client,
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Resolves once no connection of the pool has been in use for `quietMs`, or after `maxMs` whatever happens. */
function poolQuiet(pool: pg.Pool, quietMs = 100, maxMs = 5000) {
  let lastUse = 0;
  const used = () => {
    lastUse = Date.now();
  };
  pool.on('acquire', used);
  pool.on('release', used);
  // Clients checked out or still connecting are in the total but not idle.
  const busy = () => pool.totalCount > pool.idleCount || pool.waitingCount > 0;
  return async () => {
    const giveUpAt = Date.now() + maxMs;
    while (Date.now() < giveUpAt && (busy() || Date.now() - lastUse < quietMs)) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
}

// drizzle asks pg's registry for the parser of every type it leaves to pg, so text arrays are read faster there.
const driverTextArray = pg.types.getTypeParser(TEXT_ARRAY_OID, 'text') as (value: string) => unknown;
pg.types.setTypeParser(TEXT_ARRAY_OID, (value) => parseTextArray(value) ?? driverTextArray(value));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const databaseUrl = options.databaseUrl;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server closed (restart, failover) must not crash the process; the pool reconnects.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema });
    const quiet = poolQuiet(pool);
    return {
      db,
      engine: 'postgres',
      migrate: (migrationsFolder = paths.migrations) => migratePg(db, { migrationsFolder }),
      // A request whose client hung up is no longer a connection the HTTP server waits for, but its handler may
      // still be running queries: the pool ends once no connection has been in use for a moment.
      close: async () => {
        await quiet();
        await pool.end();
      },
      listen: (channel, listener) => listenOnPostgres(databaseUrl, channel, listener),
      async exclusively(work) {
        // A connection of its own: the lock belongs to its session, and the work may need the whole pool.
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          await client.query('select pg_advisory_lock(hashtext($1))', [STARTUP_LOCK]);
          return await work();
        } finally {
          // Ending the session releases the lock, also when the process dies while holding it.
          await client.end();
        }
      },
    };
  }

  const { client, close } = await openPglite(options.dataDir, options.loadDataDir);
  const db = drizzleOnPglite(client);
  return {
    db,
    engine: 'pglite',
    migrate: (migrationsFolder = paths.migrations) => migratePglite(db, { migrationsFolder }),
    close,
    // One process owns a PGlite database and hears its notifications as each statement ends.
    async listen(channel, listener) {
      const unlisten = await client.listen(channel, (payload) => listener.notified(payload));
      listener.connected();
      return {
        async stop() {
          // Closing the database ends its subscriptions too.
          if (!client.closed) await unlisten();
        },
        caughtUp: () => true,
      };
    },
    // A PGlite data directory belongs to one process.
    exclusively: (work) => work(),
  };
}
