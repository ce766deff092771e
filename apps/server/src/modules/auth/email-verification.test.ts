import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  accountOf,
  asBearer,
  signUp,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestAccount,
} from '../../test/accounts.ts';
import { confirmEmail } from '../../test/email-confirmation.ts';
import { latestMail, mailCount } from '../../test/outbox.ts';
import { createTestApp, TEST_PUBLIC_URL, useTestApp, type TestApp } from '../../test/test-app.ts';

const testApp = useTestApp();

async function sessionUser(app: TestApp['app'], headers: Record<string, string>) {
  const response = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers });
  return response.json<{ user: { email: string; emailVerified: boolean } } | null>()?.user ?? null;
}

const resend = (
  app: TestApp['app'],
  email: string,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/send-verification-email',
    remoteAddress,
    headers: { origin: TEST_ORIGIN, ...headers },
    payload: { email },
  });

/** The verification link last mailed to `email`, checked to be the shop's confirmation page, then the home page. */
async function verificationLink(database: TestApp['database'], email: string): Promise<URL> {
  const mail = await latestMail(database.db, email, 'verify-email');
  expect(mail?.subject).toBe('Confirm your e-mail for Bazaar');
  const link = mail?.link;
  expect(link?.origin).toBe(TEST_PUBLIC_URL);
  expect(link?.pathname).toBe('/email-verified');
  expect(link?.searchParams.get('next')).toBe('/');
  return link ?? new URL(TEST_PUBLIC_URL);
}

/** Confirms the address with the link last mailed and the password it was registered with, as its page does. */
async function confirm(email: string) {
  const token = (await verificationLink(testApp.database, email)).searchParams.get('token') ?? '';
  return confirmEmail(testApp.app, { token, password: TEST_PASSWORD });
}

/** A new session of `email`, as the confirmation page signs in once the address is confirmed. */
async function signInAgain(email: string): Promise<TestAccount> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password: TEST_PASSWORD },
  });
  return accountOf(email, 'Shopper', {
    token: response.headers['set-auth-token'],
    setCookie: ([] as string[]).concat(response.headers['set-cookie'] ?? []),
    body: response.json(),
  });
}

describe('e-mail verification', () => {
  it('mails a link to the confirmation page; confirming with the password verifies the e-mail and ends every session', async () => {
    const account = await signUp(testApp.app, 'newcomer@bazaar.test');
    expect(await sessionUser(testApp.app, asBearer(account))).toMatchObject({ emailVerified: false });
    expect(await mailCount(testApp.database.db, account.email, 'verify-email')).toBe(1);

    const response = await confirm(account.email);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ email: account.email, confirmed: true });
    // Confirming signs nobody in and ends the session made before: the page signs in with the password.
    expect(cookieOf(response)).toBe('');
    expect(await sessionUser(testApp.app, asBearer(account))).toBeNull();
    const again = await signInAgain(account.email);
    expect(await sessionUser(testApp.app, asBearer(again))).toMatchObject({ emailVerified: true });
  });

  it('sends the link again to the signed-in account, and not once the e-mail is verified', async () => {
    const account = await signUp(testApp.app, 'again@bazaar.test');
    const response = await resend(testApp.app, account.email, asBearer(account));
    expect(response.statusCode, response.body).toBe(200);
    expect(await mailCount(testApp.database.db, account.email, 'verify-email')).toBe(2);

    expect((await confirm(account.email)).statusCode).toBe(200);
    const verified = await resend(testApp.app, account.email, asBearer(await signInAgain(account.email)));
    expect(verified.statusCode).toBe(400);
    expect(verified.json()).toMatchObject({ code: 'EMAIL_ALREADY_VERIFIED' });
    expect(await mailCount(testApp.database.db, account.email, 'verify-email')).toBe(2);
  });

  it('answers an anonymous request the same for an unknown e-mail as for an account', async () => {
    await signUp(testApp.app, 'anon-known@bazaar.test');
    const known = await resend(testApp.app, 'anon-known@bazaar.test');
    const unknown = await resend(testApp.app, 'anon-unknown@bazaar.test');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await mailCount(testApp.database.db, 'anon-unknown@bazaar.test', 'verify-email')).toBe(0);
  });

  it('is refused to a page on another site', async () => {
    const account = await signUp(testApp.app, 'lured-verify@bazaar.test');
    const response = await resend(testApp.app, account.email, {
      ...asBearer(account),
      origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
    expect(await mailCount(testApp.database.db, account.email, 'verify-email')).toBe(1);
  });
});

describe('sending the verification link again', () => {
  it('is limited per address, which does not stop the same e-mail from another', async () => {
    // The account-mail cap is another test's (account-mail-cap.test.ts): here every link asked for is mailed.
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3', ACCOUNT_MAILS_PER_HOUR: '100' });
    try {
      // Registering mailed the first link; requests for links are counted apart from sign-ins.
      const account = await signUp(limited.app, 'eager@bazaar.test');
      for (let n = 1; n <= 3; n += 1) {
        expect((await resend(limited.app, account.email, asBearer(account), '10.8.0.1')).statusCode).toBe(
          200,
        );
      }
      const refused = await resend(limited.app, account.email, asBearer(account), '10.8.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: 'RATE_LIMITED',
        message: `Too many requests for a link. Try again in ${refused.headers['retry-after']} seconds.`,
      });
      expect((await resend(limited.app, account.email, asBearer(account), '10.8.0.2')).statusCode).toBe(200);
      expect(await mailCount(limited.database.db, account.email, 'verify-email')).toBe(5);
    } finally {
      await limited.close();
    }
  });
});

function cookieOf(response: LightMyRequestResponse): string {
  return ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0])
    .join('; ');
}
