import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HandleSchema, type UserProfile } from '@bazaar/shared/users';
import {
  asBearer,
  asCookie,
  signUp,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestAccount,
} from '../../test/accounts.ts';
import { useTestApp } from '../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';

const testApp = useTestApp();

describe('the handle the database makes from a name', () => {
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
    // Cut at 35 characters, then no dash is left at the end.
    ['word '.repeat(20), 'word-word-word-word-word-word-word'],
  ])('makes %j into %j', async (name, base) => {
    const [row] = await queryRows<{ base: string }>(
      testApp.database.db,
      sql`select user_handle_base(${name}) as base`,
    );
    expect(row?.base).toBe(base);
    expect(HandleSchema.safeParse(base).success).toBe(true);
  });
});

describe('handles of accounts', () => {
  const profileOf = async (account: TestAccount) =>
    (
      await testApp.app.inject({
        method: 'GET',
        url: `/api/users/${account.email}`,
        headers: asBearer(account),
      })
    ).json<UserProfile>();

  it('are given at sign-up from the name, with -2, -3 when names collide', async () => {
    const olives = [];
    for (const n of [1, 2, 3]) olives.push(await signUp(testApp.app, `olive${n}@bazaar.test`, 'Olive Owner'));
    expect(olives.map((olive) => olive.handle)).toEqual(['olive-owner', 'olive-owner-2', 'olive-owner-3']);
    expect((await profileOf(olives[1]!)).handle).toBe('olive-owner-2');
  });

  it('stay unique when people of the same name sign up at the same moment', async () => {
    const twins = await Promise.all(
      Array.from({ length: 6 }, (_, n) => signUp(testApp.app, `twin${n}@bazaar.test`, 'Tess Twin')),
    );
    expect(twins.map((twin) => twin.handle).sort()).toEqual([
      'tess-twin',
      'tess-twin-2',
      'tess-twin-3',
      'tess-twin-4',
      'tess-twin-5',
      'tess-twin-6',
    ]);
  });

  it('never come from the e-mail: a name without letters gets the neutral base', async () => {
    const account = await signUp(testApp.app, 'jane.doe.private@bazaar.test', '***');
    expect(account.handle).toBe('seller');
  });

  it('cannot be chosen at sign-up, and stay the same when the name changes, by either way of changing it', async () => {
    const chosen = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'Hugo Handle', email: 'hugo@bazaar.test', password: TEST_PASSWORD, handle: 'admin' },
    });
    expect(chosen.statusCode).toBe(400);
    expect(chosen.json()).toMatchObject({ code: 'FIELD_NOT_ALLOWED' });
    const hugo = await signUp(testApp.app, 'hugo@bazaar.test', 'Hugo Handle');
    expect(hugo.handle).toBe('hugo-handle');

    const renamed = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/users/${hugo.email}`,
      headers: asBearer(hugo),
      payload: { name: 'Hugo Renamed', handle: 'hugo-renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Hugo Renamed', handle: 'hugo-handle' });

    const hanna = await signUp(testApp.app, 'hanna@bazaar.test', 'Hanna Handle');
    const update = (payload: object) =>
      testApp.app.inject({ method: 'POST', url: '/api/auth/update-user', headers: asCookie(hanna), payload });
    const chosenThere = await update({ name: 'Hanna Renamed', handle: 'hanna-renamed' });
    expect(chosenThere.statusCode).toBe(400);
    expect(chosenThere.json()).toMatchObject({ code: 'FIELD_NOT_ALLOWED' });
    expect((await update({ name: 'Hanna Renamed' })).statusCode).toBe(200);
    expect(await profileOf(hanna)).toMatchObject({ name: 'Hanna Renamed', handle: 'hanna-handle' });
  });
});
