import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import {
  asBearer,
  asCookie,
  signUp,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestAccount,
} from '../../test/accounts.ts';
import { TEST_ADMIN_EMAIL, useTestApp } from '../../test/test-app.ts';

const testApp = useTestApp();
const DAY_MS = 24 * 60 * 60 * 1000;

/** A signed-in route's answer status: 200 for a live session, 401 for none. */
const ordersStatus = async (headers: Record<string, string>) =>
  (await testApp.app.inject({ method: 'GET', url: '/api/orders', headers })).statusCode;

/** The session's token as stored: the bearer token Better Auth hands out is it, signed and URL-encoded. */
const storedToken = (bearerToken: string) => decodeURIComponent(bearerToken).split('.')[0] ?? '';

async function expiresAtOf(account: TestAccount) {
  const [row] = await testApp.database.db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.token, storedToken(account.token)));
  return row?.expiresAt;
}

const setExpiry = (account: TestAccount, expiresAt: Date) =>
  testApp.database.db
    .update(sessions)
    .set({ expiresAt })
    .where(eq(sessions.token, storedToken(account.token)));

/** The session's cookie carrying `value` instead, URL-encoded as Better Auth sets it. */
const cookieWith = (account: TestAccount, value: string) => ({
  cookie: `${account.cookie.split('=')[0]}=${encodeURIComponent(value)}`,
});

describe('the session check of signed-in requests', () => {
  it('lets in a live session by bearer token and by cookie', async () => {
    const account = await signUp(testApp.app, 'live@bazaar.test');
    expect(await ordersStatus(asBearer(account))).toBe(200);
    expect(await ordersStatus(asCookie(account))).toBe(200);
  });

  it('refuses a session that has expired, and deletes it', async () => {
    const account = await signUp(testApp.app, 'expired@bazaar.test');
    expect(await ordersStatus(asBearer(account))).toBe(200);
    await setExpiry(account, new Date(Date.now() - 1000));
    expect(await ordersStatus(asBearer(account))).toBe(401);
    expect(await ordersStatus(asCookie(account))).toBe(401);
    expect(await expiresAtOf(account)).toBeUndefined();
  });

  it('extends a session used after its update age, as Better Auth does', async () => {
    const account = await signUp(testApp.app, 'refreshed@bazaar.test');
    // A week-long session with a day left was last extended six days ago: more than a day (the update age).
    await setExpiry(account, new Date(Date.now() + DAY_MS));
    expect(await ordersStatus(asBearer(account))).toBe(200);
    expect((await expiresAtOf(account))?.getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);
  });

  it('refuses a cookie or bearer token whose signature or token was tampered with', async () => {
    const account = await signUp(testApp.app, 'tampered@bazaar.test');
    const other = await signUp(testApp.app, 'tampered-other@bazaar.test');
    const signed = decodeURIComponent(account.token);
    const otherSignature = decodeURIComponent(other.token).split('.')[1];
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    // A changed signature, a changed token under the right signature, another session's signature.
    const tampered = [
      signed.slice(0, -3) + flip(signed.at(-3) ?? '') + signed.slice(-2),
      flip(signed[0] ?? '') + signed.slice(1),
      `${signed.split('.')[0]}.${otherSignature}`,
    ];
    for (const value of tampered) {
      expect(await ordersStatus({ authorization: `Bearer ${encodeURIComponent(value)}` }), value).toBe(401);
      expect(await ordersStatus(cookieWith(account, value)), value).toBe(401);
    }
    // A cookie must be signed; a bearer token may come plain, as Better Auth's bearer plugin allows.
    const plain = signed.split('.')[0] ?? '';
    expect(await ordersStatus(cookieWith(account, plain))).toBe(401);
    expect(await ordersStatus({ authorization: `Bearer ${plain}` })).toBe(200);
    expect(await ordersStatus(asCookie(account))).toBe(200);
    expect(await ordersStatus(asBearer(account))).toBe(200);
  });

  it('refuses a session revoked from another device at once', async () => {
    const account = await signUp(testApp.app, 'revoked@bazaar.test');
    const laptop = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: account.email, password: TEST_PASSWORD },
    });
    const laptopBearer = { authorization: `Bearer ${String(laptop.headers['set-auth-token'])}` };
    expect(await ordersStatus(laptopBearer)).toBe(200);
    const revoked = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-session',
      headers: { ...asBearer(account), origin: TEST_ORIGIN },
      payload: { token: storedToken(String(laptop.headers['set-auth-token'])) },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await ordersStatus(laptopBearer)).toBe(401);
    expect(await ordersStatus(asBearer(account))).toBe(200);
  });

  it('makes an ADMIN_EMAILS account an admin on its next request once its e-mail is verified', async () => {
    const admin = await signUp(testApp.app, TEST_ADMIN_EMAIL, 'Ada Admin');
    const everyone = () => testApp.app.inject({ method: 'GET', url: '/api/users', headers: asBearer(admin) });
    // Before: only the customers of the account's own products, by handle, without e-mail addresses.
    const before = await everyone();
    expect(before.statusCode).toBe(200);
    expect(before.json<{ email?: string }[]>().some((user) => user.email === TEST_ADMIN_EMAIL)).toBe(false);

    await createUsersRepository(testApp.database.db).markEmailVerified(TEST_ADMIN_EMAIL);
    const after = await everyone();
    expect(after.json<{ email?: string }[]>().some((user) => user.email === TEST_ADMIN_EMAIL)).toBe(true);
  });
});
