import { describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { verifications } from '../../db/schema.ts';
import {
  asBearer,
  asCookie,
  signUp,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestAccount,
} from '../../test/accounts.ts';
import { latestMail, mailCount } from '../../test/outbox.ts';
import { createTestApp, TEST_PUBLIC_URL, useTestApp } from '../../test/test-app.ts';

const testApp = useTestApp();
const NEW_PASSWORD = 'a brand new password';

const requestReset = (email: string, remoteAddress = '127.0.0.1', app = testApp.app) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    remoteAddress,
    headers: { origin: TEST_ORIGIN },
    payload: { email },
  });

const resetPassword = (token: string, newPassword = NEW_PASSWORD) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: { origin: TEST_ORIGIN },
    payload: { token, newPassword },
  });

const signIn = (email: string, password: string, remoteAddress = '127.0.0.1', app = testApp.app) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });

async function signedInAs(headers: Record<string, string>): Promise<string | null> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/get-session', headers });
  return response.json<{ user: { email: string } } | null>()?.user.email ?? null;
}

/** The token of the reset link last mailed to the account, checked to lead to the web app's page. */
async function mailedToken(account: Pick<TestAccount, 'email'>): Promise<string> {
  const mail = await latestMail(testApp.database.db, account.email, 'reset-password');
  expect(mail?.subject).toBe('Choose a new Bazaar password');
  expect(mail?.link?.origin).toBe(TEST_PUBLIC_URL);
  expect(mail?.link?.pathname).toBe('/reset-password');
  return mail?.link?.searchParams.get('token') ?? '';
}

const SAME_ANSWER = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
};

describe('forgot password', () => {
  it('mails a link whose page signs the owner in with the new password and ends every other session', async () => {
    const account = await signUp(testApp.app, 'forgetful@bazaar.test');
    const response = await requestReset('Forgetful@Bazaar.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SAME_ANSWER);
    const token = await mailedToken(account);

    const reset = await resetPassword(token);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ status: true });
    // Signed in: the answer carries a session, as a bearer token and as a cookie.
    const bearer = String(reset.headers['set-auth-token']);
    expect(await signedInAs({ authorization: `Bearer ${bearer}` })).toBe(account.email);
    expect(cookieOf(reset)).toContain('bazaar.session_token=');
    expect(await signedInAs({ cookie: cookieOf(reset) })).toBe(account.email);
    // The session from before the reset ended.
    expect(await signedInAs({ authorization: `Bearer ${account.token}` })).toBeNull();
    expect(await signedInAs({ cookie: account.cookie })).toBeNull();
    // …for the sign-in guard of every signed-in route too.
    for (const headers of [asBearer(account), asCookie(account)]) {
      const orders = await testApp.app.inject({ method: 'GET', url: '/api/orders', headers });
      expect(orders.statusCode).toBe(401);
    }
    const ordersNow = await testApp.app.inject({
      method: 'GET',
      url: '/api/orders',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(ordersNow.statusCode).toBe(200);

    expect((await signIn(account.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(account.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('mails the owner that the password changed, with the link to reset it again', async () => {
    const account = await signUp(testApp.app, 'told-of-reset@bazaar.test');
    await requestReset(account.email);
    expect(await mailCount(testApp.database.db, account.email, 'password-changed')).toBe(0);
    expect((await resetPassword(await mailedToken(account))).statusCode).toBe(200);
    const mail = await latestMail(testApp.database.db, account.email, 'password-changed');
    expect(mail?.subject).toBe('Your Bazaar password was changed');
    expect(mail?.textBody).toContain('If this was not you');
    expect(mail?.link?.href).toBe(`${TEST_PUBLIC_URL}/forgot-password`);
  });

  it('works once: the same link cannot set another password', async () => {
    const account = await signUp(testApp.app, 'once@bazaar.test');
    await requestReset(account.email);
    const token = await mailedToken(account);
    expect((await resetPassword(token)).statusCode).toBe(200);
    const again = await resetPassword(token, 'the attacker password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'BAD_REQUEST', code: 'INVALID_TOKEN' });
    expect(again.headers['set-auth-token']).toBeUndefined();
    expect((await signIn(account.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('expires: an old link is refused and the password stays', async () => {
    const account = await signUp(testApp.app, 'late@bazaar.test');
    await requestReset(account.email);
    const token = await mailedToken(account);
    await testApp.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const response = await resetPassword(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(account.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('links expire after an hour', async () => {
    const account = await signUp(testApp.app, 'hour@bazaar.test');
    const before = Date.now();
    await requestReset(account.email);
    const token = await mailedToken(account);
    const [row] = await testApp.database.db
      .select({ expiresAt: verifications.expiresAt })
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const lifetime = (row?.expiresAt.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(61 * 60_000);
  });

  it('answers an unknown e-mail exactly as a known one, and mails nothing', async () => {
    await signUp(testApp.app, 'known@bazaar.test');
    const known = await requestReset('known@bazaar.test');
    const unknown = await requestReset('nobody-here@bazaar.test');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    expect(await mailCount(testApp.database.db, 'nobody-here@bazaar.test', 'reset-password')).toBe(0);
    const pending = await testApp.database.db
      .select({ id: verifications.id })
      .from(verifications)
      .where(like(verifications.identifier, 'reset-password:%'));
    expect(pending.length).toBeGreaterThan(0);
  });

  it('is refused to a page on another site, which mails nothing', async () => {
    const account = await signUp(testApp.app, 'lured@bazaar.test');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: 'https://evil.example' },
      payload: { email: account.email },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'FORBIDDEN',
      message: 'This request is only accepted from the shop’s own pages.',
    });
    expect(await mailCount(testApp.database.db, account.email, 'reset-password')).toBe(0);
  });

  it('refuses a made-up token and a short password without changing anything', async () => {
    const account = await signUp(testApp.app, 'guarded@bazaar.test');
    expect((await resetPassword('not-a-real-token')).statusCode).toBe(400);
    await requestReset(account.email);
    const token = await mailedToken(account);
    const short = await resetPassword(token, 'short');
    expect(short.statusCode).toBe(400);
    // The link still works after a refused password.
    expect((await resetPassword(token)).statusCode).toBe(200);
  });
});

describe('forgot password requests', () => {
  it('are limited per address, and one address asking for an e-mail does not stop another, known e-mail or not', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      await signUp(limited.app, 'popular@bazaar.test');
      for (const [email, flooder, other] of [
        ['popular@bazaar.test', '10.9.0.1', '10.9.0.2'],
        ['ghost@bazaar.test', '10.9.0.3', '10.9.0.4'],
      ] as const) {
        for (let n = 1; n <= 3; n += 1) {
          expect((await requestReset(email, flooder, limited.app)).statusCode).toBe(200);
        }
        expectLimited(await requestReset(email, flooder, limited.app));
        expect((await requestReset(email, other, limited.app)).statusCode).toBe(200);
      }
      expect(await mailCount(limited.database.db, 'popular@bazaar.test', 'reset-password')).toBe(4);
      // Per address: a fourth e-mail from one address is refused too.
      for (const email of ['a@bazaar.test', 'b@bazaar.test', 'c@bazaar.test']) {
        expect((await requestReset(email, '10.9.1.1', limited.app)).statusCode).toBe(200);
      }
      expectLimited(await requestReset('d@bazaar.test', '10.9.1.1', limited.app));
    } finally {
      await limited.close();
    }
  });

  it('are counted apart from sign-ins: a shopper who keeps mistyping the password still gets a link, and back', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const account = await signUp(limited.app, 'forgetful@bazaar.test');
      // Registering (from another address) spent none of the e-mail's sign-ins: three guesses, then 429.
      for (let i = 0; i < 3; i += 1) {
        expect((await signIn(account.email, 'a wrong guess', '10.9.2.1', limited.app)).statusCode).toBe(401);
      }
      expect((await signIn(account.email, 'a wrong guess', '10.9.2.1', limited.app)).statusCode).toBe(429);
      expect((await requestReset(account.email, '10.9.2.1', limited.app)).statusCode).toBe(200);
      expect(await mailCount(limited.database.db, account.email, 'reset-password')).toBe(1);

      const other = await signUp(limited.app, 'eager@bazaar.test');
      for (let i = 0; i < 3; i += 1) {
        expect((await requestReset(other.email, '10.9.3.1', limited.app)).statusCode).toBe(200);
      }
      expectLimited(await requestReset(other.email, '10.9.3.1', limited.app));
      expect((await signIn(other.email, TEST_PASSWORD, '10.9.3.1', limited.app)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

function expectLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    error: 'RATE_LIMITED',
    message: `Too many requests for a link. Try again in ${response.headers['retry-after']} seconds.`,
  });
}

function cookieOf(response: LightMyRequestResponse): string {
  return ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0])
    .join('; ');
}
