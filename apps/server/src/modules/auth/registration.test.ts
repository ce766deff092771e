import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { TEST_ORIGIN, TEST_PASSWORD } from '../../test/accounts.ts';
import { confirmEmail } from '../../test/email-confirmation.ts';
import { latestMail, mailCount } from '../../test/outbox.ts';
import { returnPathOf } from './account-mails.ts';
import { TEST_PUBLIC_URL, useTestApp } from '../../test/test-app.ts';

// As with SMTP_URL set: the mails are read from the outbox, where the sender takes them from.
const testApp = useTestApp({ REQUIRE_EMAIL_VERIFICATION: 'true' });

const register = (email: string, password = TEST_PASSWORD, callbackURL?: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    payload: { name: 'Rae Register', email, password, ...(callbackURL ? { callbackURL } : {}) },
  });

const signIn = (email: string, password = TEST_PASSWORD, callbackURL?: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password, ...(callbackURL ? { callbackURL } : {}) },
  });

const setCookies = (response: LightMyRequestResponse) =>
  ([] as string[]).concat(response.headers['set-cookie'] ?? []);

/** Confirms `email` with the link last mailed and its password, as the confirmation page does. */
async function confirmWithLink(email: string) {
  const link = (await latestMail(testApp.database.db, email, 'verify-email'))?.link;
  expect(link?.origin).toBe(TEST_PUBLIC_URL);
  return confirmEmail(testApp.app, { token: link?.searchParams.get('token') ?? '', password: TEST_PASSWORD });
}

describe('registration when e-mails must be verified', () => {
  it('signs nobody in until the address is confirmed with the mailed link, which returns to the page left', async () => {
    const email = 'checkout-newcomer@bazaar.test';
    const registered = await register(email, TEST_PASSWORD, '/dashboard/checkout');
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json()).toEqual({ token: null, user: null });
    expect(setCookies(registered)).toEqual([]);
    expect(registered.headers['set-auth-token']).toBeUndefined();

    const early = await signIn(email, TEST_PASSWORD, '/dashboard/checkout');
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(setCookies(early)).toEqual([]);
    // The refused sign-in mailed a fresh link, beside the registration's.
    expect(await mailCount(testApp.database.db, email, 'verify-email')).toBe(2);

    const link = (await latestMail(testApp.database.db, email, 'verify-email'))?.link;
    expect(link?.pathname).toBe('/email-verified');
    expect(link?.searchParams.get('next')).toBe('/dashboard/checkout');
    const verified = await confirmWithLink(email);
    expect(verified.statusCode).toBe(200);
    expect(setCookies(verified)).toEqual([]);

    const later = await signIn(email);
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({ user: { email, emailVerified: true } });
  });

  it('answers a taken e-mail exactly as a new one, changes nothing and mails its owner', async () => {
    const owner = 'taken@bazaar.test';
    await register(owner);
    await confirmWithLink(owner);

    const fresh = await register('never-seen@bazaar.test', 'another password 1');
    const taken = await register(owner, 'another password 1');
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    expect(setCookies(taken)).toEqual(setCookies(fresh));

    const warning = await latestMail(testApp.database.db, owner, 'existing-account');
    expect(warning?.subject).toBe('Someone tried to register with your address at Bazaar');
    expect(warning?.textBody).toContain(`${TEST_PUBLIC_URL}/login`);
    expect(warning?.textBody).toContain(`${TEST_PUBLIC_URL}/forgot-password`);
    expect(await mailCount(testApp.database.db, owner, 'verify-email')).toBe(1);
    // The owner's password is the one they chose; the intruder's does not sign in.
    expect((await signIn(owner)).statusCode).toBe(200);
    expect((await signIn(owner, 'another password 1')).statusCode).toBe(401);
  });

  it('refuses a page to return to on another site, and mails nothing', async () => {
    for (const [index, callbackURL] of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
    ].entries()) {
      const email = `elsewhere-${index}@bazaar.test`;
      const registered = await register(email, TEST_PASSWORD, callbackURL);
      expect(registered.statusCode, callbackURL).toBe(403);
      expect(await mailCount(testApp.database.db, email, 'verify-email')).toBe(0);
    }
  });
});

describe('the page a verification link returns to', () => {
  const linkTo = (callbackURL: string) =>
    `${TEST_PUBLIC_URL}/api/auth/verify-email?token=t&callbackURL=${encodeURIComponent(callbackURL)}`;

  it('is a path of the shop, else the home page', () => {
    expect(returnPathOf(linkTo('/dashboard/checkout'))).toBe('/dashboard/checkout');
    expect(returnPathOf(linkTo('/search?q=tea#top'))).toBe('/search?q=tea#top');
    for (const elsewhere of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
    ]) {
      expect(returnPathOf(linkTo(elsewhere)), elsewhere).toBe('/');
    }
    expect(returnPathOf(`${TEST_PUBLIC_URL}/api/auth/verify-email?token=t`)).toBe('/');
  });
});
