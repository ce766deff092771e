import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '@bazaar/shared/auth';
import { LISTENER_APPLICATION_NAME } from '../../db/listen.ts';
import { asBearer, signUpAdmin, type TestAccount } from '../../test/accounts.ts';
import { testEngine } from '../../test/test-database.ts';
import { createTwoServers, watchReads, type WatchedServer } from '../../test/two-servers.ts';

let close = async () => {};
let a: WatchedServer;
let b: WatchedServer;
let admin: TestAccount;

/** B's public configuration's bKash number, and whether B read the settings for it. */
async function bkashOnB(): Promise<{ number: string | null; fromDatabase: boolean }> {
  b.reads.mockClear();
  const response = await b.app.inject({ method: 'GET', url: '/api/config' });
  return {
    number: response.json<PublicConfig>().payments.bkashNumber,
    fromDatabase: b.reads.mock.calls.length > 0,
  };
}

async function setBkashOnA(bkashNumber: string | null) {
  const response = await a.app.inject({
    method: 'PATCH',
    url: '/api/settings/payments',
    headers: asBearer(admin),
    payload: { bkashNumber },
  });
  expect(response.statusCode).toBe(200);
}

describe.runIf(testEngine === 'postgres')('payment settings across two server processes', () => {
  beforeAll(async () => {
    const two = await createTwoServers();
    close = two.close;
    [a, b] = [watchReads(two.servers[0]), watchReads(two.servers[1])];
    admin = await signUpAdmin(a);
  });

  afterAll(() => close());

  it('are kept by B, and a change saved through A is on B at once', async () => {
    await bkashOnB();
    expect(await bkashOnB()).toEqual({ number: null, fromDatabase: false });
    await setBkashOnA('01700-123456');
    expect(await bkashOnB()).toEqual({ number: '01700-123456', fromDatabase: true });
    expect(await bkashOnB()).toEqual({ number: '01700-123456', fromDatabase: false });
  });

  it('are read by B every time while it cannot hear A, and kept again once it can', async () => {
    await a.database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`);
    await vi.waitFor(async () => expect((await bkashOnB()).fromDatabase).toBe(true), {
      timeout: 5000,
      interval: 10,
    });
    await setBkashOnA('01700-654321');
    expect(await bkashOnB()).toEqual({ number: '01700-654321', fromDatabase: true });

    await vi.waitFor(
      async () => {
        await bkashOnB();
        expect((await bkashOnB()).fromDatabase).toBe(false);
      },
      { timeout: 10_000, interval: 50 },
    );
    await setBkashOnA(null);
    expect(await bkashOnB()).toEqual({ number: null, fromDatabase: true });
  });
});
