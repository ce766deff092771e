import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import * as schema from './schema.ts';

const { serialize } = protocol;

/**
 * Resolves after the event loop's next turn. The engine runs each statement in the server's one thread, and
 * statements queued behind one another would otherwise run back to back, each started from the last one's promise:
 * a turn of the event loop then lasted as long as every waiting request's statements. Node accepts one new
 * connection a turn, so on a busy shop new visitors waited seconds in the kernel's queue while the connections it
 * already held were served (the bench's `all connected s`).
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A statement parsed once under a name of its own, and the types its parameters were given. */
interface Prepared {
  name: string;
  parameterTypes: number[];
}

/**
 * How the shop runs statements on PGlite, in place of its `query`:
 * - A statement the shop names (drizzle's `.prepare(name)`, `prepareRows`) is parsed once and kept, as it is on
 *   PostgreSQL, so PostgreSQL's plan cache can keep its plan. PGlite's own `query` parses and plans every statement
 *   each time, names or not: for an order that was about half of the engine's work (decision 029).
 * - Each statement takes two calls into the engine (parse and describe; bind, describe, execute and sync) instead
 *   of six, and one for a named statement already parsed.
 * Parameters are turned into text by PGlite's own serializers for the types the statement gave them, and results
 * are read by its own parsers, as in its `query`; the locks are PGlite's own. `options.blob` (COPY) is not supported.
 */
export function pgliteStatements(client: PGlite) {
  const named = new Set<string>();
  const prepared = new Map<string, Prepared>();

  const send = (messages: Uint8Array[]) =>
    client.execProtocolStream(Buffer.concat(messages), { syncToFs: false });

  /** Parses `text` (under `name`, or as the unnamed statement) and answers the types of its parameters. */
  async function parseStatement(text: string, name: string): Promise<Prepared> {
    try {
      const described = await send([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
      ]);
      return { name, parameterTypes: parse.parseDescribeStatementResults(described) };
    } catch (error) {
      // The engine skips every message after an error until a sync.
      await client.execProtocolStream(serialize.sync(), { syncToFs: false, throwOnError: false });
      throw error;
    }
  }

  async function run<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    await nextTurn();
    let statement = prepared.get(text);
    if (!statement) {
      const keep = named.has(text);
      statement = await parseStatement(text, keep ? `bazaar_${prepared.size + 1}` : '');
      if (keep) prepared.set(text, statement);
    }
    const { parameterTypes } = statement;
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = parameterTypes[index]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      if (serializer) return serializer(value);
      // A type without a serializer takes the value's text; an object its JSON, as node-postgres sends it.
      return typeof value === 'object'
        ? JSON.stringify(value)
        : (value as string | number | bigint | boolean).toString();
    });
    const answered = await send([
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    // PGlite's `query` copies its hundreds of parsers into a new object for every statement given parsers of its own
    // (drizzle gives each of its statements some): here the statement's parsers only stand in front of them.
    const parsers: typeof client.parsers = options?.parsers
      ? Object.assign(Object.create(client.parsers) as typeof client.parsers, options.parsers)
      : client.parsers;
    return parse.parseResults(answered, parsers, { rowMode: options?.rowMode })[0] as Results<T>;
  }

  return {
    /** From now on, `text` is parsed once and kept under a name. */
    keep: (text: string) => named.add(text),
    /** PGlite's `query` and `transaction`, which are all drizzle uses of its client. */
    client: {
      async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
        // Private (version pinned, db/pinned-versions.test.ts): PGlite's own `query` waits for the engine to be ready
        // and takes these two locks, and offers no public way to take them around statements of one's own.
        await client._checkReady();
        return client._runExclusiveTransaction(() =>
          client._runExclusiveQuery(async () => {
            const results = await run<T>(text, params, options);
            await client.syncToFs();
            return results;
          }),
        );
      },
      transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
        return client.transaction((tx) =>
          callback(
            Object.create(tx, {
              query: {
                value: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
                  if (tx.closed) throw new Error('Transaction is closed');
                  // Private: the statement lock PGlite's transaction `query` takes (see `query` above).
                  return client._runExclusiveQuery(() => run<R>(text, params, options));
                },
              },
            }) as Transaction,
          ),
        );
      },
    },
  };
}

/**
 * drizzle on PGlite, running statements by `pgliteStatements`. drizzle's PGlite driver drops the name given to
 * `prepare`; its session is wrapped here to pass it on.
 */
export function drizzleOnPglite(client: PGlite) {
  const statements = pgliteStatements(client);
  const db = drizzle(statements.client as unknown as PGlite, { schema });
  // Private (version pinned, db/pinned-versions.test.ts): drizzle has no public hook between a statement's name and
  // the driver, and its PGlite session drops the name.
  const session = db._.session;
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (query, fields, name, ...rest) => {
    if (name) statements.keep(query.sql);
    return prepareQuery(query, fields, name, ...rest);
  };
  return db;
}
