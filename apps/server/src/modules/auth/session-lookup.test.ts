import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followChanges } from '../../db/follow-changes.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { asBearer, asCookie, signUp, TEST_ORIGIN } from '../../test/accounts.ts';
import { TEST_PUBLIC_URL, useTestApp } from '../../test/test-app.ts';
import { createAuth } from './auth.ts';
import { resolveAuthSecret } from './auth-secret.ts';
import { createRateLimiter } from '../../lib/rate-limiter.ts';
import { createSessionLookup, type SessionLookup, type SessionRow } from './session-lookup.ts';
import { createSessionMemory, SESSIONS_CHANNEL } from './session-memory.ts';

const testApp = useTestApp();
let lookup: SessionLookup;
let stopFollowing: () => Promise<void>;

beforeAll(async () => {
  const { db } = testApp.database;
  // The check as the app builds it, on the app's database and with its secret.
  const auth = createAuth(db, {
    publicUrl: TEST_PUBLIC_URL,
    secret: await resolveAuthSecret(db, testApp.env.AUTH_SECRET),
    requireEmailVerification: false,
    limiter: createRateLimiter(db, { max: 1000, windowSeconds: 60 }),
    accountMailsPerHour: 1000,
    log: testApp.app.log,
  });
  const memory = createSessionMemory<SessionRow>();
  stopFollowing = await followChanges(testApp.database, SESSIONS_CHANNEL, memory.changes, {
    log: testApp.app.log,
    what: 'the memory of sessions',
  });
  lookup = await createSessionLookup(db, auth, memory);
});
afterAll(() => stopFollowing());

const userOf = async (headers: Record<string, string>) => {
  const found = await lookup({ headers });
  if (!found || found === 'ask-better-auth') throw new Error(`no direct answer: ${String(found)}`);
  return found.user;
};

describe('the direct session lookup', () => {
  it('answers a bearer token and a signed cookie itself, with the user as the database has it now', async () => {
    const account = await signUp(testApp.app, 'lookup@bazaar.test', 'Lou Before');
    expect(await userOf(asBearer(account))).toMatchObject({ email: account.email, name: 'Lou Before' });
    expect(await userOf(asCookie(account))).toMatchObject({ email: account.email, name: 'Lou Before' });

    const renamed = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { ...asBearer(account), origin: TEST_ORIGIN },
      payload: { name: 'Lou After' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await createUsersRepository(testApp.database.db).markEmailVerified(account.email);
    for (const headers of [asBearer(account), asCookie(account)]) {
      expect(await userOf(headers)).toMatchObject({ name: 'Lou After', emailVerified: true });
    }
  });

  it('answers a session it has read from memory, until a session or a user is changed by anyone, not by a statement that changes no row', async () => {
    const account = await signUp(testApp.app, 'kept@bazaar.test', 'Kim Kept');
    const other = await signUp(testApp.app, 'other-kept@bazaar.test', 'Olga Other');
    const { db } = testApp.database;
    expect(await userOf(asBearer(account))).toMatchObject({ name: 'Kim Kept' });
    // Written as psql would, and unannounced: only a kept session still answers.
    await db.execute(sql`alter table "user" disable trigger user_updated`);
    try {
      await db.execute(sql`update "user" set name = 'Kim Unannounced' where email = ${account.email}`);
      expect(await userOf(asBearer(account))).toMatchObject({ name: 'Kim Kept' });
    } finally {
      await db.execute(sql`alter table "user" enable trigger user_updated`);
    }
    // A statement that changes no row announces nothing: signing out again, a save that matched nobody.
    await db.execute(sql`delete from "session" where token = 'no such token'`);
    await db.execute(sql`update "user" set name = name where email = 'nobody@bazaar.test'`);
    await db.execute(sql`update "session" set updated_at = now() where token = 'no such token'`);
    expect(await userOf(asBearer(account))).toMatchObject({ name: 'Kim Kept' });
    // Any change announced, even to another user, and the next lookup reads the database again.
    await db.execute(sql`update "user" set name = name where email = ${other.email}`);
    expect(await userOf(asBearer(account))).toMatchObject({ name: 'Kim Unannounced' });
    await db.execute(
      sql`delete from "session" where user_id = (select id from "user" where email = ${account.email})`,
    );
    expect(await lookup({ headers: asBearer(account) })).toBeNull();
  });

  it('finds no one for an unknown token or a cookie without a signature', async () => {
    expect(await lookup({ headers: { authorization: 'Bearer nobodysTokenAtAll' } })).toBeNull();
    expect(await lookup({ headers: { cookie: 'bazaar.session_token=nobodysTokenAtAll' } })).toBeNull();
    expect(await lookup({ headers: { cookie: 'another=cookie' } })).toBeNull();
  });

  it('leaves to Better Auth what only it can read exactly, a signature the shop did not make among it', async () => {
    const forged = `someToken.${'A'.repeat(43)}=`;
    for (const authorization of [
      'Basic dXNlcjpwYXNz',
      'Bearer signed.value',
      'Bearer ',
      'Bearer a%2',
      `Bearer ${forged}`,
    ]) {
      expect(await lookup({ headers: { authorization } })).toBe('ask-better-auth');
    }
    const cookie = `bazaar.session_token=${encodeURIComponent(forged)}`;
    expect(await lookup({ headers: { cookie } })).toBe('ask-better-auth');
  });
});
