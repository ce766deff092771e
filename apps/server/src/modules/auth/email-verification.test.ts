import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { asBearer, signUp, TEST_ORIGIN } from '../../test/accounts.ts';
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

/** Where a link from a registration that named no page to return to lands: the web app's verified page. */
const LANDING = '/email-verified?next=%2F';

/** The verification link last mailed to `email`, checked to be the shop's and to land on the verified page. */
async function verificationLink(database: TestApp['database'], email: string): Promise<URL> {
  const mail = await latestMail(database.db, email, 'verify-email');
  expect(mail?.subject).toBe('Confirm your e-mail for Bazaar');
  const link = mail?.link;
  expect(link?.origin).toBe(TEST_PUBLIC_URL);
  expect(link?.pathname).toBe('/api/auth/verify-email');
  expect(link?.searchParams.get('callbackURL')).toBe(LANDING);
  return link ?? new URL(TEST_PUBLIC_URL);
}

const follow = (link: URL) => testApp.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });

describe('e-mail verification', () => {
  it('mails a link on registration; following it verifies the e-mail and lands on the verified page, signed in', async () => {
    const account = await signUp(testApp.app, 'newcomer@bazaar.test');
    expect(await sessionUser(testApp.app, asBearer(account))).toMatchObject({ emailVerified: false });
    expect(await mailCount(testApp.database.db, account.email, 'verify-email')).toBe(1);

    const response = await follow(await verificationLink(testApp.database, account.email));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(LANDING);
    // The browser that followed the link is signed in; the account's own session sees the e-mail verified.
    expect(cookieOf(response)).toContain('bazaar.session_token=');
    expect(await sessionUser(testApp.app, { cookie: cookieOf(response) })).toMatchObject({
      email: account.email,
      emailVerified: true,
    });
    expect(await sessionUser(testApp.app, asBearer(account))).toMatchObject({ emailVerified: true });
  });

  it('refuses a forged or altered link, which lands on the verified page with the reason', async () => {
    const account = await signUp(testApp.app, 'forged@bazaar.test');
    const link = await verificationLink(testApp.database, account.email);
    link.searchParams.set('token', `${link.searchParams.get('token')}x`);
    const response = await follow(link);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${LANDING}&error=INVALID_TOKEN`);
    expect(await sessionUser(testApp.app, asBearer(account))).toMatchObject({ emailVerified: false });
  });

  it('sends the link again to the signed-in account, and not once the e-mail is verified', async () => {
    const account = await signUp(testApp.app, 'again@bazaar.test');
    const response = await resend(testApp.app, account.email, asBearer(account));
    expect(response.statusCode, response.body).toBe(200);
    expect(await mailCount(testApp.database.db, account.email, 'verify-email')).toBe(2);

    await follow(await verificationLink(testApp.database, account.email));
    const verified = await resend(testApp.app, account.email, asBearer(account));
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
