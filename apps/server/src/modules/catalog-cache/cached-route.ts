import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, onSendHookHandler } from 'fastify';
import { TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import { createByteLru } from '../../lib/byte-lru.ts';
import { etagMatches } from '../../lib/etag.ts';
import type { CachedResponse, CatalogCache, Encoding } from './catalog-cache.ts';

/** The headers of an answer that are kept with its body: a repeat must tell the client all the first one did. */
const KEPT_HEADERS = ['content-type', TOTAL_COUNT_HEADER, TOTAL_COUNT_CAPPED_HEADER];
// Smaller bodies gain nothing from compression (the @fastify/compress threshold).
const COMPRESS_MIN_BYTES = 1024;
/** A route's memory of the keys of the URLs it was asked: about a thousand URLs of a search's length. */
const KEYS_MAX_BYTES = 256 * 1024;
// A kept URL's entry beside its two strings.
const KEY_OVERHEAD_BYTES = 128;

/** The client's preferred encoding among the ones kept: br, then gzip, else none. */
function encodingFor(request: FastifyRequest, body: Buffer): Encoding {
  const header = request.headers['accept-encoding'];
  if (!header || body.length < COMPRESS_MIN_BYTES) return 'identity';
  const accepted = header
    .split(',')
    .filter((part) => !/;\s*q=0(\.0*)?\s*$/.test(part))
    .map((part) => part.split(';')[0]!.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return 'identity';
}

function addVary(reply: FastifyReply, name: string): void {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, ${name}` : name);
}

/** Sets the headers of `entry` and answers its body, or an empty body with 304 when the client has it. */
function answer(
  cache: CatalogCache,
  key: string,
  entry: CachedResponse,
  request: FastifyRequest,
  reply: FastifyReply,
): Buffer | string {
  const encoding = encodingFor(request, entry.bodies.identity);
  const etag = encoding === 'identity' ? `"${entry.hash}"` : `"${entry.hash}-${encoding}"`;
  // Browsers keep the answer but ask again each time; an unchanged one costs a 304.
  reply.header('etag', etag).header('cache-control', 'no-cache');
  addVary(reply, 'accept-encoding');
  if (etagMatches(request.headers['if-none-match'], etag)) {
    reply.code(304);
    return '';
  }
  for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
  // Set here, @fastify/compress leaves the body alone.
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return cache.body(key, entry, encoding);
}

/**
 * Route hooks that answer a GET from the catalog cache before validation and the handler, and keep
 * fresh 200 answers. `keyOf` names the entry of a request from its URL alone, or gives undefined when it is not
 * cached.
 */
export function cachedRoute(cache: CatalogCache, keyOf: (request: FastifyRequest) => string | undefined) {
  const pending = new WeakMap<FastifyRequest, { key: string; generation: number }>();
  // Parsing a list's query took a cached answer a tenth of its time; a URL's key never changes.
  const keys = createByteLru<string>(KEYS_MAX_BYTES);

  function keyFor(request: FastifyRequest): string | undefined {
    const { url } = request;
    const known = keys.get(url);
    if (known !== undefined) return known;
    const key = keyOf(request);
    if (key !== undefined) keys.set(url, key, KEY_OVERHEAD_BYTES + (url.length + key.length) * 2);
    return key;
  }

  const onRequest: onRequestAsyncHookHandler = async (request, reply) => {
    // Every answer of the route may use the cache (an uncached list still takes its count from it).
    const catchingUp = cache.catchUp();
    if (catchingUp) await catchingUp;
    const key = keyFor(request);
    if (key === undefined) return;
    const hit = cache.response(key);
    if (!hit) {
      // Noted before the handler reads the database (see CatalogCache).
      pending.set(request, { key, generation: cache.generation });
      return;
    }
    return reply.send(answer(cache, key, hit, request, reply));
  };

  const onSend: onSendHookHandler = (request, reply, payload, done) => {
    const miss = pending.get(request);
    if (!miss || reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const entry = cache.storeResponse(miss.key, miss.generation, Buffer.from(payload), headers);
    done(null, answer(cache, miss.key, entry, request, reply));
  };

  return { onRequest, onSend };
}
