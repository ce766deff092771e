import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { createRateLimiter } from './rate-limiter.ts';

describe('createRateLimiter', () => {
  // A database of its own: a limiter with a 1 s window clears the counters of any other limiter without a prefix.
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const storedKeys = async () =>
    (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map(({ key }) => key).sort();

  it('counts hits per key and restarts the count when the window has passed', async () => {
    const limiter = createRateLimiter(database.db, { max: 2, windowSeconds: 1 });
    expect(await limiter.hit('unit:a')).toEqual({ allowed: true });
    expect(await limiter.hit('unit:a')).toEqual({ allowed: true });
    expect(await limiter.hit('unit:b')).toEqual({ allowed: true });
    expect(await limiter.hit('unit:a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await sleep(1100);
    expect(await limiter.hit('unit:a')).toEqual({ allowed: true });
    expect(await limiter.hit('unit:a')).toEqual({ allowed: true });
    expect(await limiter.hit('unit:a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('forgets the counters of passed windows, so the table does not grow with every key ever tried', async () => {
    const limiter = createRateLimiter(database.db, { max: 2, windowSeconds: 1 });
    await limiter.hit('unit:gone');
    await sleep(1100);
    await limiter.hit('unit:live');
    expect(await storedKeys()).toEqual(['unit:live']);
  });

  it("forgets only its own counters: a minute's limiter keeps an hour's counters beside it", async () => {
    const hourly = createRateLimiter(database.db, { max: 1, windowSeconds: 3600, keyPrefix: 'hourly:' });
    const quick = createRateLimiter(database.db, { max: 2, windowSeconds: 1, keyPrefix: 'quick:' });
    await hourly.hit('kept');
    await quick.hit('gone');
    await sleep(1100);
    await quick.hit('live');
    expect(await storedKeys()).toEqual(['hourly:kept', 'quick:live', 'unit:live']);
    expect(await hourly.hit('kept')).toMatchObject({ allowed: false });
  });

  it('gives back a refunded hit', async () => {
    const limiter = createRateLimiter(database.db, { max: 2, windowSeconds: 60 });
    await limiter.hit('unit:refunded');
    await limiter.hit('unit:refunded');
    await limiter.refund('unit:refunded');
    expect(await limiter.hit('unit:refunded')).toEqual({ allowed: true });
    expect(await limiter.hit('unit:refunded')).toMatchObject({ allowed: false });
  });

  it('counts concurrent hits exactly', async () => {
    const limiter = createRateLimiter(database.db, { max: 5, windowSeconds: 60 });
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => limiter.hit('unit:burst')));
    expect(outcomes.filter((outcome) => outcome.allowed)).toHaveLength(5);
  });
});
