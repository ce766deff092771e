import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { parseEnv } from '../../config/env.ts';
import { accounts, users } from '../../db/schema.ts';
import { buildApp } from '../../http/app.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import {
  accountOf,
  asBearer,
  asCookie,
  signUp,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestAccount,
} from '../../test/accounts.ts';
import { createTestApp, useTestApp, TEST_ADMIN_EMAIL } from '../../test/test-app.ts';

const testApp = useTestApp();

interface SessionBody {
  user: { id: string; email: string; name: string; image: string | null };
  session: { token: string };
}

function post(target: FastifyInstance, url: string, payload: object, headers: Record<string, string> = {}) {
  return target.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN, ...headers }, payload });
}

const register = (
  payload: { name?: string; email: string; password: string; [field: string]: unknown },
  headers?: Record<string, string>,
) => post(testApp.app, '/api/auth/sign-up/email', { name: 'Shopper', ...payload }, headers);

const signIn = (email: string, password: string, headers?: Record<string, string>) =>
  post(testApp.app, '/api/auth/sign-in/email', { email, password }, headers);

/** The signed-in user as the web app asks for it, or null. */
async function sessionOf(target: FastifyInstance, headers: Record<string, string>) {
  const response = await target.inject({ method: 'GET', url: '/api/auth/get-session', headers });
  expect(response.statusCode).toBe(200);
  return response.json<SessionBody | null>();
}

function setCookies(response: LightMyRequestResponse): string[] {
  return ([] as string[]).concat(response.headers['set-cookie'] ?? []);
}

/** The `Set-Cookie` line of the session cookie (named `__Secure-…` on https). */
function sessionCookieLine(response: LightMyRequestResponse): string {
  const line = setCookies(response).find((cookie) => /^(__Secure-)?bazaar\.session_token=/.test(cookie));
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  return line;
}

/** What a browser sends back: `name=value` of every cookie set. */
const cookieHeader = (response: LightMyRequestResponse) =>
  setCookies(response)
    .map((line) => line.split(';')[0])
    .join('; ');

const attributes = (cookieLine: string) =>
  cookieLine
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());

describe('registration', () => {
  it('answers 200 with an HttpOnly, SameSite=Lax session cookie, not Secure on http', async () => {
    const response = await register({
      name: 'Reggie Register',
      email: 'reggie@bazaar.test',
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { email: 'reggie@bazaar.test', name: 'Reggie Register' } });
    const cookie = attributes(sessionCookieLine(response));
    expect(cookie).toContain('httponly');
    expect(cookie).toContain('samesite=lax');
    expect(cookie).toContain('path=/');
    expect(cookie).not.toContain('secure');
  });

  it('sets a Secure, __Secure- prefixed cookie when the shop is served over https', async () => {
    const httpsShop = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
    try {
      const response = await post(
        httpsShop.app,
        '/api/auth/sign-up/email',
        { name: 'Tess Tls', email: 'tess@bazaar.test', password: TEST_PASSWORD },
        { origin: 'https://shop.example' },
      );
      expect(response.statusCode).toBe(200);
      const line = sessionCookieLine(response);
      // Browsers refuse a __Secure- cookie that is not Secure, and one set over plain http.
      expect(line).toMatch(/^__Secure-bazaar\.session_token=/);
      const cookie = attributes(line);
      expect(cookie).toContain('secure');
      expect(cookie).toContain('httponly');
      expect(cookie).toContain('samesite=lax');
      expect(cookie).toContain('path=/');
    } finally {
      await httpsShop.close();
    }
  });

  it('hands out a token that works as a bearer token, and a cookie that works too', async () => {
    const response = await register({
      name: 'Tokyo Token',
      email: 'tokyo@bazaar.test',
      password: TEST_PASSWORD,
    });
    const token = response.headers['set-auth-token'];
    expect(typeof token).toBe('string');

    const byBearer = await sessionOf(testApp.app, { authorization: `Bearer ${String(token)}` });
    expect(byBearer?.user).toMatchObject({ email: 'tokyo@bazaar.test', name: 'Tokyo Token' });
    const byCookie = await sessionOf(testApp.app, { cookie: cookieHeader(response) });
    expect(byCookie?.user.id).toBe(byBearer?.user.id);
  });

  it('answers no user to a caller without a session, or with a made-up one', async () => {
    expect(await sessionOf(testApp.app, {})).toBeNull();
    expect(await sessionOf(testApp.app, { authorization: 'Bearer not-a-session' })).toBeNull();
    expect(await sessionOf(testApp.app, { cookie: 'bazaar.session_token=forged.signature' })).toBeNull();
  });

  it('accepts passwords of 8 and 128 characters and refuses 7 and 129, with a message', async () => {
    for (const [length, accepted] of [
      [7, false],
      [8, true],
      [128, true],
      [129, false],
    ] as const) {
      const email = `length-${length}@bazaar.test`;
      const response = await register({ email, password: 'p'.repeat(length) });
      if (accepted) {
        expect(response.statusCode, `${length} characters`).toBe(200);
      } else {
        expect(response.statusCode, `${length} characters`).toBe(400);
        const body = response.json<{ error: string; message: string }>();
        expect(body.error).toBe('BAD_REQUEST');
        expect(body.message).toMatch(length < 8 ? /too short/i : /too long/i);
        // Refused means no account: the same address can still register.
        expect((await register({ email, password: TEST_PASSWORD })).statusCode).toBe(200);
      }
    }
  });

  it('refuses an e-mail address that is already registered, in any letter case', async () => {
    await signUp(testApp.app, 'taken@bazaar.test');
    for (const email of ['taken@bazaar.test', 'Taken@Bazaar.TEST']) {
      const response = await register({ email, password: 'another password' });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json<{ message: string }>().message).toMatch(/already exists/i);
    }
    // The first owner's password still signs in; the second attempt changed nothing.
    expect((await signIn('taken@bazaar.test', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await signIn('taken@bazaar.test', 'another password')).statusCode).toBe(401);
  });

  it('refuses a name or picture a profile could not hold, storing nothing', async () => {
    for (const [fields, message] of [
      [{ name: ' ' }, /name.*required/i],
      [{ name: 'n'.repeat(101) }, /name.*100/i],
      [{ image: 'javascript:alert(1)' }, /image.*http/i],
      [{ image: 'data:image/svg+xml,<svg onload=alert(1)>' }, /image.*http/i],
    ] as const) {
      const email = 'refused-profile@bazaar.test';
      const response = await register({ email, password: TEST_PASSWORD, ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      const body = response.json<{ error: string; message: string }>();
      expect(body.error).toBe('VALIDATION_ERROR');
      expect(body.message).toMatch(message);
      expect(await testApp.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
  });

  it('stores a salted hash, never the password itself', async () => {
    const first = await signUp(testApp.app, 'hash-one@bazaar.test');
    const second = await signUp(testApp.app, 'hash-two@bazaar.test');
    const stored = await Promise.all(
      [first, second].map(async ({ email }) => {
        const [row] = await testApp.database.db
          .select({ password: accounts.password })
          .from(accounts)
          .innerJoin(users, eq(users.id, accounts.userId))
          .where(and(eq(users.email, email), eq(accounts.providerId, 'credential')));
        return row?.password ?? '';
      }),
    );
    for (const password of stored) {
      expect(password).not.toContain(TEST_PASSWORD);
      // scrypt: a random salt and the derived key, both hex.
      expect(password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    }
    // Same password, different salt: equal passwords cannot be spotted in the table.
    expect(stored[0]).not.toBe(stored[1]);
  });
});

describe('a picture sent to Better Auth', () => {
  const SCRIPT_URLS = [
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
  ];

  it('must be an http(s) URL at registration; a refused one makes no account', async () => {
    for (const [index, image] of SCRIPT_URLS.entries()) {
      const email = `picture-${index}@bazaar.test`;
      const response = await register({ email, password: TEST_PASSWORD, image });
      expect(response.statusCode, image).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR', details: [{ path: 'image' }] });
      expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(401);
    }
    const image = 'https://pictures.example/me.png?size=64';
    const accepted = await register({ email: 'picture-ok@bazaar.test', password: TEST_PASSWORD, image });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<{ user: { image: string } }>().user.image).toBe(image);
  });

  it('must be an http(s) URL when a user changes it (and the name one a profile can hold); a refused one leaves the old one', async () => {
    const account = await signUp(testApp.app, 'picture-change@bazaar.test');
    const update = (image: string) =>
      post(testApp.app, '/api/auth/update-user', { image }, asCookie(account));
    expect((await update('https://pictures.example/new.png')).statusCode).toBe(200);
    for (const image of SCRIPT_URLS) {
      const response = await update(image);
      expect(response.statusCode, image).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR', details: [{ path: 'image' }] });
    }
    const tooLong = await post(
      testApp.app,
      '/api/auth/update-user',
      { name: 'n'.repeat(101) },
      asCookie(account),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: 'VALIDATION_ERROR', details: [{ path: 'name' }] });
    const session = await sessionOf(testApp.app, asCookie(account));
    expect(session?.user).toMatchObject({
      image: 'https://pictures.example/new.png',
      name: 'picture-change',
    });
  });
});

describe('signing in', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await signUp(testApp.app, 'sigrid@bazaar.test', 'Sigrid Signin');
  });

  it('with the right password starts a session', async () => {
    const response = await signIn('sigrid@bazaar.test', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { email: 'sigrid@bazaar.test', name: 'Sigrid Signin' } });
    const session = await sessionOf(testApp.app, { cookie: cookieHeader(response) });
    expect(session?.user.email).toBe(account.email);
    expect(
      await sessionOf(testApp.app, { authorization: `Bearer ${String(response.headers['set-auth-token'])}` }),
    ).not.toBeNull();
  });

  it('answers a wrong password and an unknown e-mail alike, so accounts cannot be discovered', async () => {
    const wrongPassword = await signIn('sigrid@bazaar.test', 'not the password');
    const unknownEmail = await signIn('nobody@bazaar.test', 'not the password');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.json()).toMatchObject({
      error: 'UNAUTHORIZED',
      message: expect.any(String) as string,
    });
    expect(setCookies(wrongPassword).filter((line) => /^bazaar\.session_token=[^;]/.test(line))).toEqual([]);
    expect(wrongPassword.headers['set-auth-token']).toBeUndefined();
  });

  it('refuses a sign-in a browser makes from another site, or without telling where it comes from', async () => {
    const credentials = { email: 'sigrid@bazaar.test', password: TEST_PASSWORD };
    const attempts = {
      'a page on another site': { origin: 'https://evil.example' },
      'a look-alike origin': { origin: `${TEST_ORIGIN}.evil.example` },
      'a cross-site form': {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
      },
      // What a page with Referrer-Policy: no-referrer sends.
      'an opaque origin': { origin: 'null', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
      'a browser request without Origin': { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
      'a browser request with cookies but no Origin': { cookie: 'theme=dark' },
      'another site named only by Referer': { referer: 'https://evil.example/login' },
    };
    for (const [what, headers] of Object.entries(attempts)) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers,
        payload: credentials,
      });
      expect(response.statusCode, what).toBe(403);
      expect(response.json<{ error: string; message: string }>(), what).toMatchObject({
        error: 'FORBIDDEN',
        message: expect.stringMatching(/origin|cross-site/i) as string,
      });
      expect(response.headers['set-auth-token'], what).toBeUndefined();
      expect(setCookies(response), what).toEqual([]);
    }
    // The same for registration.
    const foreignSignUp = await register(
      { email: 'csrf-victim@bazaar.test', password: TEST_PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(foreignSignUp.statusCode).toBe(403);
    expect((await register({ email: 'csrf-victim@bazaar.test', password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('lets an API client that is not a browser sign in without an Origin', async () => {
    // Origin checks stop browsers from being used by other sites; a non-browser client could send any Origin.
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'sigrid@bazaar.test', password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });

  it('signing out ends the session for its cookie and its bearer token', async () => {
    const session = await signIn('sigrid@bazaar.test', TEST_PASSWORD);
    const cookie = cookieHeader(session);
    const bearer = { authorization: `Bearer ${String(session.headers['set-auth-token'])}` };
    expect(await sessionOf(testApp.app, bearer)).not.toBeNull();

    const out = await post(testApp.app, '/api/auth/sign-out', {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect(await sessionOf(testApp.app, { cookie })).toBeNull();
    expect(await sessionOf(testApp.app, bearer)).toBeNull();
    // Other sessions of the same person live on.
    expect(await sessionOf(testApp.app, asBearer(account))).not.toBeNull();
  });
});

describe('errors of the auth API', () => {
  it('are JSON in the shop’s shape, with Better Auth’s code alongside', async () => {
    const wrong = await signIn('nobody-at-all@bazaar.test', 'whatever it is');
    expect(wrong.headers['content-type']).toContain('application/json');
    expect(wrong.json()).toEqual({
      error: 'UNAUTHORIZED',
      message: 'Invalid email or password',
      code: 'INVALID_EMAIL_OR_PASSWORD',
    });
  });

  it('answer an unknown auth path with a JSON 404', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await testApp.app.inject({
        method,
        url: '/api/auth/no-such-thing?x=1',
        headers: { origin: TEST_ORIGIN },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({
        error: 'NOT_FOUND',
        message: `No route ${method} /api/auth/no-such-thing`,
      });
    }
  });
});

describe('admins', () => {
  /** The role the shop reports on one's own profile. */
  async function roleOf(account: TestAccount) {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/users/${encodeURIComponent(account.email)}`,
      headers: asBearer(account),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ role: string }>().role;
  }

  it('are the accounts whose e-mail is in ADMIN_EMAILS, and no one else', async () => {
    const admin = await signUp(testApp.app, TEST_ADMIN_EMAIL, 'Ada Admin');
    const lookalikes = await Promise.all(
      ['admin@bazaar.test.evil.example', 'xadmin@bazaar.test', 'admin+1@bazaar.test'].map((email) =>
        signUp(testApp.app, email),
      ),
    );
    // A sign-up cannot name its own role.
    const claimant = await register({
      email: 'claimant@bazaar.test',
      password: TEST_PASSWORD,
      role: 'admin',
    });
    expect(claimant.statusCode).toBe(200);
    const claimantAccount = accountOf('claimant@bazaar.test', 'Shopper', {
      token: claimant.headers['set-auth-token'],
      setCookie: setCookies(claimant),
      body: claimant.json(),
    });

    // What being admin allows: reading someone else's profile.
    const other = lookalikes[0]!;
    const url = `/api/users/${encodeURIComponent(other.email)}`;

    // Registering the address is not enough (whoever did it first would own the shop): it must be verified.
    expect(await roleOf(admin)).toBe('user');
    expect((await testApp.app.inject({ method: 'GET', url, headers: asCookie(admin) })).statusCode).toBe(403);
    await createUsersRepository(testApp.database.db).markEmailVerified(admin.email);

    expect(await roleOf(admin)).toBe('admin');
    for (const account of [...lookalikes, claimantAccount]) expect(await roleOf(account)).toBe('user');
    expect((await testApp.app.inject({ method: 'GET', url, headers: asCookie(admin) })).statusCode).toBe(200);
    for (const account of [lookalikes[1]!, claimantAccount]) {
      expect((await testApp.app.inject({ method: 'GET', url, headers: asBearer(account) })).statusCode).toBe(
        403,
      );
    }
  });
});

describe('the auth secret', () => {
  it('is generated once and shared through the database, so every process accepts every session', async () => {
    expect(testApp.env.AUTH_SECRET).toBeUndefined();
    const sibling = await buildApp({ database: testApp.database, env: testApp.env });
    // The same database, but a configured secret of its own: sessions of the others must not work there.
    const stranger = await buildApp({
      database: testApp.database,
      env: parseEnv({ ADMIN_EMAILS: TEST_ADMIN_EMAIL, AUTH_SECRET: 'x'.repeat(40) }),
    });
    try {
      const account = await signUp(testApp.app, 'twin@bazaar.test');
      const onSibling = await sessionOf(sibling, { cookie: account.cookie });
      expect(onSibling?.user.email).toBe('twin@bazaar.test');
      expect((await sessionOf(sibling, asBearer(account)))?.user.email).toBe('twin@bazaar.test');

      // And the other way round: a session started on the sibling works on the first app.
      const fromSibling = await post(sibling, '/api/auth/sign-in/email', {
        email: 'twin@bazaar.test',
        password: TEST_PASSWORD,
      });
      expect(fromSibling.statusCode).toBe(200);
      expect((await sessionOf(testApp.app, { cookie: cookieHeader(fromSibling) }))?.user.email).toBe(
        'twin@bazaar.test',
      );

      expect(await sessionOf(stranger, { cookie: account.cookie })).toBeNull();
      expect(await sessionOf(stranger, asBearer(account))).toBeNull();
    } finally {
      await sibling.close();
      await stranger.close();
    }
  });
});
