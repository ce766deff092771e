import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createChangeFollower } from '../../db/follow-changes.ts';
import { createByteLru } from '../../lib/byte-lru.ts';

export type Encoding = 'identity' | 'gzip' | 'br';

/** A rendered 200 answer: its body (and compressed copies, made when first asked for) and headers. */
export interface CachedResponse {
  /** Hash of the identity body: the strong ETag, with the encoding appended for a compressed copy. */
  hash: string;
  headers: Record<string, string>;
  bodies: { identity: Buffer } & Partial<Record<Encoding, Buffer>>;
}

/**
 * `body` in memory of its own size. A buffer under 4 KB is usually a slice of Node's shared 8 KB pool, and zlib's
 * output a slice of its 16 KB chunk: keeping the slice keeps all of it, so a product answer of 3 KB took 4 KB and
 * its gzip copy of 1 KB took 16 KB, none of it counted against the cache's budget.
 */
function ownCopy(body: Buffer): Buffer {
  if (body.byteLength === body.buffer.byteLength) return body;
  const copy = Buffer.allocUnsafeSlow(body.byteLength);
  body.copy(copy);
  return copy;
}

const compressors: Record<Exclude<Encoding, 'identity'>, (body: Buffer) => Buffer> = {
  gzip: (body) => ownCopy(gzipSync(body)),
  // Quality 4, as @fastify/compress uses: the default 11 costs milliseconds per answer.
  br: (body) => ownCopy(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })),
};

/**
 * What an answer's entry holds beside its key and bodies: its objects, headers and hash, and each body's allocation
 * of its own. Measured: 20,000 entries of an empty list (a category that matches nothing) took 1,460 bytes of RSS
 * each with keys of 124 characters; counted at 256 bytes, a 16 MB budget of them took about 40 MB.
 */
const RESPONSE_OVERHEAD_BYTES = 1280;
// A fact's key and bookkeeping.
const FACT_OVERHEAD_BYTES = 256;

function sizeOf(key: string, entry: CachedResponse): number {
  let bytes = RESPONSE_OVERHEAD_BYTES + key.length * 2;
  for (const body of Object.values(entry.bodies)) bytes += body.length;
  return bytes;
}

/**
 * Rendered catalog answers and facts (list counts, a search text's words), bounded by bytes and emptied on every
 * catalog write. A read notes `generation` before it touches the database and stores its result only if no write
 * came in between, so a read that raced a write never stores what it saw before the write.
 */
export function createCatalogCache(
  maxBytes: number,
  {
    nextExpiry = () => Promise.resolve(null),
  }: {
    /**
     * When the catalog's answers next change with no write (the soonest end of a running flash sale), in ms since
     * the epoch; null when nothing is due. Asked again after each emptying.
     */
    nextExpiry?: () => Promise<number | null>;
  } = {},
) {
  const responses = createByteLru<CachedResponse>(maxBytes);
  /** When the kept answers go stale by time alone; undefined while not yet asked since the last emptying. */
  let expiresAt: number | null | undefined;
  // Facts (list counts, a search text's words) are small; a small share of the budget holds thousands.
  const facts = createByteLru<NonNullable<unknown>>(Math.floor(maxBytes / 32));
  // Nothing is served or stored until every writer's changes are heard (db/follow-changes.ts).
  const changes = createChangeFollower(() => {
    responses.clear();
    facts.clear();
    expiresAt = undefined;
  });

  /**
   * Empties the cache once the time its answers hold till has come, and learns the next such time: undefined when
   * that time is known and still to come, as it is for nearly every request.
   */
  function expire(): Promise<void> | undefined {
    if (expiresAt !== undefined && (expiresAt === null || expiresAt > Date.now())) return undefined;
    if (expiresAt !== undefined) changes.invalidate();
    const generation = changes.generation;
    return nextExpiry().then((next) => {
      // A write meanwhile may have made a sooner end: it is asked again.
      if (generation === changes.generation) expiresAt = next;
    });
  }
  const usable = () => maxBytes > 0 && changes.following;

  function caughtUpOrEmptied(caughtUp: boolean): Promise<void> | undefined {
    if (!caughtUp) changes.invalidate();
    return usable() ? expire() : undefined;
  }

  return {
    get generation(): number {
      return changes.generation;
    },
    invalidate: changes.invalidate,
    follow: changes.follow,
    catchUpWith: changes.catchUpWith,

    /**
     * Resolves once every change announced before the call has been heard, so that a write another process has
     * already answered is never followed by an older copy from here. Empties the cache if that cannot be told.
     * Undefined when there is nothing to wait for (PGlite, whose one process hears every change as it is made): a
     * cached answer's every request asks, and an await of a settled promise costs it turns of the microtask queue.
     */
    catchUp(): Promise<void> | undefined {
      if (!usable()) return undefined;
      const caughtUp = changes.caughtUp();
      return typeof caughtUp === 'boolean' ? caughtUpOrEmptied(caughtUp) : caughtUp.then(caughtUpOrEmptied);
    },

    response(key: string): CachedResponse | undefined {
      return usable() ? responses.get(key) : undefined;
    },

    /** Makes the entry of a fresh answer and keeps it when no write happened since `readGeneration`. */
    storeResponse(
      key: string,
      readGeneration: number,
      body: Buffer,
      headers: Record<string, string>,
    ): CachedResponse {
      const hash = createHash('sha1').update(body).digest('base64url');
      const entry: CachedResponse = { hash, headers, bodies: { identity: ownCopy(body) } };
      if (usable() && readGeneration === changes.generation) responses.set(key, entry, sizeOf(key, entry));
      return entry;
    },

    /** The body in `encoding`, compressed on first use and then kept with the entry. */
    body(key: string, entry: CachedResponse, encoding: Encoding): Buffer {
      const known = entry.bodies[encoding];
      if (known) return known;
      const body = compressors[encoding as Exclude<Encoding, 'identity'>](entry.bodies.identity);
      entry.bodies[encoding] = body;
      // Re-sized only while it is still the stored entry: a write may have emptied the cache meanwhile.
      if (responses.get(key) === entry) responses.set(key, entry, sizeOf(key, entry));
      return body;
    },

    /**
     * What a read learned of the catalog that other reads reuse, stored under `key` by `storeFact`: the caller that
     * stores a key's value is the one that reads it back, so its type holds.
     */
    fact<Value>(key: string): Value | undefined {
      return usable() ? (facts.get(key) as Value | undefined) : undefined;
    },

    /** Keeps `value` (`bytes` of it beside its key) when no write happened since `readGeneration`. */
    storeFact(key: string, readGeneration: number, value: NonNullable<unknown>, bytes = 8): void {
      if (usable() && readGeneration === changes.generation)
        facts.set(key, value, FACT_OVERHEAD_BYTES + key.length * 2 + bytes);
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
