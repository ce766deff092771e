import { describe, expect, it } from 'vitest';
import { createCatalogCache } from './catalog-cache.ts';

const body = Buffer.from('[{"name":"Lamp"}]');

describe('createCatalogCache', () => {
  it('does not keep what a read saw when a write came in between', () => {
    const cache = createCatalogCache(1024 * 1024);
    cache.follow(true);
    const before = cache.generation;
    cache.storeFact('count all', before, 10);
    cache.invalidate(); // the write
    cache.storeResponse('list', before, body, {});
    cache.storeFact('count all', before, 10);
    expect(cache.response('list')).toBeUndefined();
    expect(cache.fact('count all')).toBeUndefined();

    cache.storeResponse('list', cache.generation, body, {});
    expect(cache.response('list')?.bodies.identity).toEqual(body);
  });

  it('serves and stores nothing while changes are not heard, and starts empty once they are again', () => {
    const cache = createCatalogCache(1024 * 1024);
    cache.follow(true);
    cache.storeResponse('list', cache.generation, body, {});
    cache.follow(false);
    expect(cache.response('list')).toBeUndefined();
    cache.storeResponse('list', cache.generation, body, {});
    cache.follow(true);
    expect(cache.response('list')).toBeUndefined();
  });

  it('has nothing to wait for once it has heard every change, and empties itself when it cannot tell', async () => {
    const cache = createCatalogCache(1024 * 1024);
    cache.follow(true);
    let heard: boolean | Promise<boolean> = true;
    cache.catchUpWith(() => heard);
    cache.storeResponse('list', cache.generation, body, {});
    await cache.catchUp(); // learns when the next flash sale ends: none
    expect(cache.catchUp()).toBeUndefined();
    heard = Promise.resolve(true);
    await cache.catchUp();
    expect(cache.response('list')).toBeDefined();

    for (const unknown of [Promise.resolve(false), false]) {
      cache.storeResponse('list', cache.generation, body, {});
      heard = unknown;
      await cache.catchUp();
      expect(cache.response('list')).toBeUndefined();
    }
  });

  it('evicts by bytes, counting compressed copies too', () => {
    const big = Buffer.from(
      JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i, name: `Item ${i}` }))),
    );
    const cache = createCatalogCache(2 * big.length);
    cache.follow(true);
    const first = cache.storeResponse('first', cache.generation, big, {});
    cache.body('first', first, 'gzip');
    cache.storeResponse('second', cache.generation, big, {});
    expect(cache.response('first')).toBeUndefined();
    expect(cache.response('second')).toBeDefined();
  });

  it('keeps bodies in memory of their own size, not slices of a larger buffer', () => {
    const cache = createCatalogCache(1024 * 1024);
    cache.follow(true);
    const pooled = Buffer.from('{"name":"Lamp"}'.repeat(100));
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.byteLength);
    const entry = cache.storeResponse('product', cache.generation, pooled, {});
    const identity = cache.body('product', entry, 'identity');
    const gzip = cache.body('product', entry, 'gzip');
    expect(identity).toEqual(pooled);
    for (const body of [identity, gzip]) expect(body.buffer.byteLength).toBe(body.byteLength);
  });
});
