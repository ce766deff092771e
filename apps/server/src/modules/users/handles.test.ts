import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { HandleSchema, type UserProfile } from '@bazaar/shared/users';
import {
  accountOf,
  asBearer,
  asCookie,
  signUp,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestAccount,
} from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { handleBase, uniqueHandle } from './handles.ts';

describe('handleBase', () => {
  it.each([
    ['Olive Owner', 'olive-owner'],
    ['  Sofia   García ', 'sofia-garcia'],
    ["Renée O'Brien-Smith", 'renee-o-brien-smith'],
    ['Seller #42', 'seller-42'],
    ['李小龍', 'seller'],
    ['!!', 'seller'],
    ['Al', 'seller'],
    ['', 'seller'],
    ['A name far longer than any handle may be, with many words', 'a-name-far-longer-than-any-handle-m'],
  ])('makes %j into %j', (name, base) => {
    expect(handleBase(name)).toBe(base);
    expect(HandleSchema.safeParse(base).success).toBe(true);
  });

  it('leaves room for a suffix and never ends in a dash', () => {
    const base = handleBase(`${'word '.repeat(20)}`);
    expect(base.length).toBeLessThanOrEqual(35);
    expect(base).not.toMatch(/-$/);
  });
});

describe('uniqueHandle', () => {
  it('answers the base when it is free, else the base with a short suffix that is free', async () => {
    const taken = new Set(['olive-owner']);
    const isTaken = (handle: string) => Promise.resolve(taken.has(handle));
    expect(await uniqueHandle('Ada Admin', isTaken)).toBe('ada-admin');
    const suffixed = await uniqueHandle('Olive Owner', isTaken);
    expect(suffixed).toMatch(/^olive-owner-[a-z0-9]{4}$/);
  });

  it('gives up with an error rather than loop when every candidate is taken', async () => {
    await expect(uniqueHandle('Olive Owner', () => Promise.resolve(true))).rejects.toThrow(/no free handle/);
  });
});

describe('handles of accounts', () => {
  let testApp: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    testApp = await createTestApp();
    app = testApp.app;
  });

  afterAll(() => testApp.close());

  const profileOf = async (account: TestAccount) =>
    (
      await app.inject({ method: 'GET', url: `/api/users/${account.email}`, headers: asBearer(account) })
    ).json<UserProfile>();

  it('are given at sign-up from the name, unique when names collide', async () => {
    const olives = [];
    for (const n of [1, 2, 3]) olives.push(await signUp(app, `olive${n}@bazaar.test`, 'Olive Owner'));
    const handles = olives.map((olive) => olive.handle);
    expect(handles[0]).toBe('olive-owner');
    expect(new Set(handles).size).toBe(3);
    for (const handle of handles) expect(handle).toMatch(/^olive-owner(-[a-z0-9]{4})?$/);
    expect((await profileOf(olives[1]!)).handle).toBe(handles[1]);
  });

  it('never come from the e-mail: a name without letters gets the neutral base', async () => {
    const account = await signUp(app, 'jane.doe.private@bazaar.test', '***');
    expect(account.handle).toMatch(/^seller(-[a-z0-9]{4})?$/);
  });

  it('cannot be chosen at sign-up, and stay the same when the name changes, by either way of changing it', async () => {
    const registration = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'Hugo Handle', email: 'hugo@bazaar.test', password: TEST_PASSWORD, handle: 'admin' },
    });
    const hugo = accountOf('hugo@bazaar.test', 'Hugo Handle', {
      token: registration.headers['set-auth-token'],
      setCookie: ([] as string[]).concat(registration.headers['set-cookie'] ?? []),
      body: registration.json(),
    });
    expect(hugo.handle).toBe('hugo-handle');

    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/users/${hugo.email}`,
      headers: asBearer(hugo),
      payload: { name: 'Hugo Renamed', handle: 'hugo-renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Hugo Renamed', handle: 'hugo-handle' });

    const hanna = await signUp(app, 'hanna@bazaar.test', 'Hanna Handle');
    const updated = await app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: asCookie(hanna),
      payload: { name: 'Hanna Renamed', handle: 'hanna-renamed' },
    });
    expect(updated.statusCode).toBe(200);
    expect(await profileOf(hanna)).toMatchObject({ name: 'Hanna Renamed', handle: 'hanna-handle' });
  });
});
