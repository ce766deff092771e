import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { asBearer, signUp, signUpCast, TEST_ORIGIN, TEST_PASSWORD } from '../../test/accounts.ts';
import { confirmationToken, confirmEmail } from '../../test/email-confirmation.ts';
import { latestMail, mailCount } from '../../test/outbox.ts';
import { createTestApp, TEST_ADMIN_EMAIL, useTestApp, type TestApp } from '../../test/test-app.ts';

// As with SMTP_URL set: registration signs nobody in, and the mails are read from the outbox.
const testApp = useTestApp({ REQUIRE_EMAIL_VERIFICATION: 'true' });

const ATTACKER_PASSWORD = 'attacker chose this';
const OWNER_PASSWORD = 'owner chose this one';

const register = (app: TestApp['app'], email: string, password: string, callbackURL?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    payload: { name: 'Rae Register', email, password, ...(callbackURL ? { callbackURL } : {}) },
  });

const signIn = (app: TestApp['app'], email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });

const describeLink = (app: TestApp['app'], token: string) =>
  app.inject({
    method: 'GET',
    url: `/api/account/confirm-email?${new URLSearchParams({ token }).toString()}`,
  });

const cookieOf = (response: LightMyRequestResponse) =>
  ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0])
    .join('; ');

/** The role the shop gives the account of a sign-in answer, read with its own session. */
async function roleAfter(app: TestApp['app'], signedIn: LightMyRequestResponse, email: string) {
  const token = String(signedIn.headers['set-auth-token']);
  const profile = await app.inject({
    method: 'GET',
    url: `/api/users/${email}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return profile.json<{ role: string }>().role;
}

describe('confirming an address registered first by someone else (pre-account hijacking)', () => {
  it('asks the owner for the password; theirs replaces the attacker’s, who can never sign in', async () => {
    const email = TEST_ADMIN_EMAIL;
    expect((await register(testApp.app, email, ATTACKER_PASSWORD)).statusCode).toBe(200);
    const attackersLink = await confirmationToken(testApp.database.db, email);
    // The owner registers too: the answer is the same, and the mailbox gets a fresh link, not "you have an account".
    const second = await register(testApp.app, email, OWNER_PASSWORD, '/dashboard/checkout');
    expect(second.json()).toEqual({ token: null, user: null });
    expect(await mailCount(testApp.database.db, email, 'verify-email')).toBe(2);
    expect(await mailCount(testApp.database.db, email, 'existing-account')).toBe(0);
    const ownersLink = await confirmationToken(testApp.database.db, email);
    const mailed = (await latestMail(testApp.database.db, email, 'verify-email'))?.link;
    expect(mailed?.searchParams.get('next')).toBe('/dashboard/checkout');

    // The page says which address the link confirms; the owner does not know the attacker's password.
    expect((await describeLink(testApp.app, attackersLink)).json()).toEqual({ email, confirmed: false });
    const wrong = await confirmEmail(testApp.app, { token: attackersLink, password: OWNER_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'WRONG_PASSWORD',
      message:
        'That is not the password this address was registered with. Someone else may have registered it first: choose the password to keep.',
    });
    expect((await signIn(testApp.app, email, ATTACKER_PASSWORD)).statusCode).toBe(403);

    const chosen = await confirmEmail(testApp.app, { token: attackersLink, newPassword: OWNER_PASSWORD });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ email, confirmed: true });
    expect(cookieOf(chosen)).toBe('');

    const owner = await signIn(testApp.app, email, OWNER_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ user: { email, emailVerified: true } });
    expect(await roleAfter(testApp.app, owner, email)).toBe('admin');
    expect((await signIn(testApp.app, email, ATTACKER_PASSWORD)).statusCode).toBe(401);

    // Either link is spent now, whatever password comes with it.
    for (const token of [attackersLink, ownersLink]) {
      const again = await confirmEmail(testApp.app, { token, newPassword: ATTACKER_PASSWORD });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ error: 'ALREADY_CONFIRMED' });
    }
    expect((await signIn(testApp.app, email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(testApp.app, email, OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it('confirms with the password the address was registered with, which then signs in', async () => {
    const email = 'own-password@bazaar.test';
    await register(testApp.app, email, OWNER_PASSWORD);
    const token = await confirmationToken(testApp.database.db, email);
    const confirmed = await confirmEmail(testApp.app, { token, password: OWNER_PASSWORD });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email, confirmed: true });
    expect((await signIn(testApp.app, email, OWNER_PASSWORD)).json()).toMatchObject({
      user: { email, emailVerified: true },
    });
    // Once the address is verified, a second registration warns its owner as before.
    await register(testApp.app, email, ATTACKER_PASSWORD);
    expect(await mailCount(testApp.database.db, email, 'existing-account')).toBe(1);
    expect(await mailCount(testApp.database.db, email, 'verify-email')).toBe(1);
  });

  it('refuses a forged, altered or unknown link, with the same answer', async () => {
    const email = 'forged-link@bazaar.test';
    await register(testApp.app, email, OWNER_PASSWORD);
    const token = await confirmationToken(testApp.database.db, email);
    for (const forged of [`${token}x`, 'not-a-token', `${token.slice(0, -4)}AAAA`]) {
      for (const response of [
        await describeLink(testApp.app, forged),
        await confirmEmail(testApp.app, { token: forged, newPassword: ATTACKER_PASSWORD }),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: 'INVALID_LINK' });
      }
    }
    expect((await signIn(testApp.app, email, OWNER_PASSWORD)).statusCode).toBe(403);
  });
});

describe('a link mailed before, to Better Auth’s verify-email', () => {
  it('verifies and signs in nobody: it opens the confirmation page with its token and page to return to', async () => {
    const email = 'old-link@bazaar.test';
    await register(testApp.app, email, OWNER_PASSWORD);
    const token = await confirmationToken(testApp.database.db, email);
    const callbackURL = encodeURIComponent('/email-verified?next=%2Fdashboard%2Fcheckout');
    for (const path of ['/api/auth/verify-email', '/api/auth/./verify-email']) {
      const old = await testApp.app.inject({
        method: 'GET',
        url: `${path}?token=${token}&callbackURL=${callbackURL}`,
      });
      expect(old.statusCode, path).toBe(302);
      expect(old.headers.location, path).toBe(`/email-verified?token=${token}&next=%2Fdashboard%2Fcheckout`);
      expect(cookieOf(old), path).toBe('');
    }
    expect((await signIn(testApp.app, email, OWNER_PASSWORD)).statusCode).toBe(403);
    expect((await describeLink(testApp.app, token)).json()).toEqual({ email, confirmed: false });
  });
});

describe('a browser signed in as one account, following the link of another (login CSRF)', () => {
  it('is not switched: the link is refused and both accounts stay as they were', async () => {
    const mine = 'signed-in-here@bazaar.test';
    await register(testApp.app, mine, OWNER_PASSWORD);
    await confirmEmail(testApp.app, {
      token: await confirmationToken(testApp.database.db, mine),
      password: OWNER_PASSWORD,
    });
    const session = await signIn(testApp.app, mine, OWNER_PASSWORD);
    const browser = { cookie: cookieOf(session) };

    const theirs = 'lures-a-browser@bazaar.test';
    await register(testApp.app, theirs, ATTACKER_PASSWORD);
    const token = await confirmationToken(testApp.database.db, theirs);
    const followed = await confirmEmail(testApp.app, { token, password: ATTACKER_PASSWORD }, browser);
    expect(followed.statusCode).toBe(403);
    expect(followed.json()).toEqual({
      error: 'FORBIDDEN',
      message: `This link confirms ${theirs}; this browser is signed in as ${mine}. Sign out to confirm it.`,
    });
    expect(cookieOf(followed)).toBe('');
    const still = await testApp.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: browser });
    expect(still.json()).toMatchObject({ user: { email: mine } });
    expect((await describeLink(testApp.app, token)).json()).toEqual({ email: theirs, confirmed: false });
  });

  it('is refused when a page of another site sends it', async () => {
    const email = 'cross-site-confirm@bazaar.test';
    await register(testApp.app, email, OWNER_PASSWORD);
    const token = await confirmationToken(testApp.database.db, email);
    const lured = await confirmEmail(
      testApp.app,
      { token, password: OWNER_PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(lured.statusCode).toBe(403);
    expect((await describeLink(testApp.app, token)).json()).toEqual({ email, confirmed: false });
  });
});

describe('wrong passwords through a link', () => {
  it('count as sign-in attempts of the client: past the limit it is refused, another client is not', async () => {
    const limited = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: 'true', AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const email = 'guessed@bazaar.test';
      await register(limited.app, email, OWNER_PASSWORD);
      const token = await confirmationToken(limited.database.db, email);
      const guess = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/account/confirm-email',
          remoteAddress,
          headers: { origin: TEST_ORIGIN },
          payload: { token, password: 'a guessed password' },
        });
      for (let n = 0; n < 3; n += 1) expect((await guess('10.9.0.1')).statusCode).toBe(400);
      const refused = await guess('10.9.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: 'RATE_LIMITED' });
      // They count with sign-ins: the client's next sign-in is refused too.
      const after = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '10.9.0.1',
        headers: { origin: TEST_ORIGIN },
        payload: { email, password: OWNER_PASSWORD },
      });
      expect(after.statusCode).toBe(429);
      // The owner, elsewhere, is not kept out by that client's guesses.
      expect((await guess('10.9.0.2')).statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });
});

describe('confirming without mail configured, where registration signs in at once', () => {
  const open = useTestApp();

  it('ends every session made before, at once, and the earlier password with a new one', async () => {
    const attacker = await signUp(open.app, 'no-smtp-owner@bazaar.test');
    const me = () =>
      open.app.inject({ method: 'GET', url: `/api/users/${attacker.email}`, headers: asBearer(attacker) });
    expect((await me()).statusCode).toBe(200);

    const token = await confirmationToken(open.database.db, attacker.email);
    const chosen = await confirmEmail(open.app, { token, newPassword: OWNER_PASSWORD });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await me()).statusCode).toBe(401);
    expect((await signIn(open.app, attacker.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(open.app, attacker.email, OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it('is the link holder’s to use anonymously or signed in as the account, not a browser of another account', async () => {
    const cast = await signUpCast(open, 'confirm-matrix');
    const fresh = async (name: string) => {
      const account = await signUp(open.app, `confirm-by-${name}@bazaar.test`);
      return { account, token: await confirmationToken(open.database.db, account.email) };
    };
    const expected = { anonymous: 200, owner: 200, stranger: 403, admin: 403 } as const;
    for (const [caller, status] of Object.entries(expected)) {
      const { account, token } = await fresh(caller);
      const session =
        caller === 'anonymous'
          ? {}
          : caller === 'owner'
            ? asBearer(account)
            : asBearer(cast[caller as 'stranger' | 'admin']);
      const response = await confirmEmail(open.app, { token, newPassword: OWNER_PASSWORD }, session);
      expect(response.statusCode, `${caller}: ${response.body}`).toBe(status);
      expect((await describeLink(open.app, token)).json(), caller).toEqual({
        email: account.email,
        confirmed: status === 200,
      });
    }
  });
});
