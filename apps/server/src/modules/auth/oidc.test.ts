import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts, users } from '../../db/schema.ts';
import { startOidcProvider, type OidcPerson, type TestOidcProvider } from '../../test/oidc-provider.ts';
import { reservePort } from '../../test/free-port.ts';
import { latestMail } from '../../test/outbox.ts';
import { useTestApp } from '../../test/test-app.ts';

const PEOPLE: Record<string, OidcPerson> = {
  gwen: { email: 'gwen@idp.test', name: 'Gwen Google', picture: 'https://idp.test/gwen.png' },
  // Registered at the shop with a password before ever using the "Google" button.
  pat: { email: 'pat@bazaar.test', name: 'Pat Provider', picture: 'https://idp.test/pat.png' },
  // Registered with a password too, and confirmed the e-mail through the mailed link.
  vera: { email: 'vera@bazaar.test', name: 'Vera Verified', picture: 'https://idp.test/vera.png' },
};

let provider: TestOidcProvider;
let reserved: Awaited<ReturnType<typeof reservePort>>;
let shopUrl: string;

beforeAll(async () => {
  // Held until the shop listens: the app is built for this address, and another test file could take it meanwhile.
  reserved = await reservePort();
  shopUrl = `http://127.0.0.1:${reserved.port}`;
  provider = await startOidcProvider({ redirectUri: `${shopUrl}/api/auth/callback/oidc`, people: PEOPLE });
});

afterAll(() => provider?.close());

// The shop's settings name the provider, so they are read once the beforeAll above started it.
const shop = useTestApp(() => ({
  PUBLIC_URL: shopUrl,
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: provider.clientId,
  OIDC_CLIENT_SECRET: provider.clientSecret,
}));

beforeAll(async () => {
  await reserved.release();
  await shop.app.listen({ port: reserved.port, host: '127.0.0.1' });
});

interface StoredCookie {
  host: string;
  path: string;
  name: string;
  value: string;
}

/** Just enough of a browser: keeps cookies per host (not port, as browsers do) and path, follows nothing by itself. */
class Browser {
  private cookies: StoredCookie[] = [];

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const cookie = this.cookieHeaderFor(url);
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.store(target, line);
    return response;
  }

  /** The cookies this browser would send to `url`, as a Cookie header. */
  cookieHeaderFor(url: string): string {
    const target = new URL(url);
    return this.cookies
      .filter((c) => c.host === target.hostname && target.pathname.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  private store(from: URL, line: string) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const name = pair.slice(0, pair.indexOf('='));
    const value = pair.slice(pair.indexOf('=') + 1);
    let path = from.pathname.replace(/\/[^/]*$/, '') || '/';
    let expired = value === '';
    for (const attribute of attributes) {
      const [key = '', setting = ''] = attribute.split('=');
      if (key.toLowerCase() === 'path') path = setting;
      if (key.toLowerCase() === 'max-age' && Number(setting) <= 0) expired = true;
      if (key.toLowerCase() === 'expires' && Date.parse(setting) <= Date.now()) expired = true;
    }
    this.cookies = this.cookies.filter(
      (c) => !(c.host === from.hostname && c.path === path && c.name === name),
    );
    if (!expired) this.cookies.push({ host: from.hostname, path, name, value });
  }
}

/** Fills the provider's login or consent form as a person would (any password is accepted). */
function fillForm(pageUrl: string, html: string, login: string) {
  const form = /<form[^>]*action="([^"]+)"[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error(`no form on ${pageUrl}:\n${html.slice(0, 500)}`);
  const fields = new URLSearchParams();
  for (const input of (form[2] ?? '').matchAll(/<input[^>]*name="([^"]+)"[^>]*>/g)) {
    const name = input[1] ?? '';
    const value = /value="([^"]*)"/.exec(input[0])?.[1];
    if (name === 'login') fields.set(name, login);
    else if (name === 'password') fields.set(name, 'any password will do');
    else fields.set(name, value ?? '');
  }
  return { action: new URL((form[1] ?? '').replaceAll('&amp;', '&'), pageUrl).href, fields };
}

/**
 * The "Google" button: asks the shop where to go, then follows redirects through the provider's login and
 * consent pages and the shop's callback until the browser lands on another page of the shop.
 */
async function signInWithProvider(browser: Browser, login: string, callbackURL = '/dashboard') {
  const start = await browser.fetch(`${shopUrl}/api/auth/sign-in/social`, {
    method: 'POST',
    headers: { origin: shopUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'oidc', callbackURL }),
  });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const authorization = new URL(url);
  expect(authorization.origin).toBe(provider.issuer);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('redirect_uri')).toBe(`${shopUrl}/api/auth/callback/oidc`);

  const visited: string[] = [];
  /** The provider's pages answered, by their `prompt` field: 'login', 'consent'. */
  const prompts: string[] = [];
  let response = await browser.fetch(url);
  let current = url;
  for (let step = 0; step < 20; step += 1) {
    visited.push(current);
    if (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location') ?? '', current);
      if (next.origin === shopUrl && !next.pathname.startsWith('/api/auth/callback/')) {
        return { landing: next, visited, prompts };
      }
      current = next.href;
      response = await browser.fetch(current);
    } else if (response.status === 200 && new URL(current).origin === provider.issuer) {
      const { action, fields } = fillForm(current, await response.text(), login);
      prompts.push(fields.get('prompt') ?? '?');
      current = action;
      response = await browser.fetch(action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: fields,
      });
    } else {
      throw new Error(`unexpected ${response.status} at ${current}: ${await response.text()}`);
    }
  }
  throw new Error(`too many redirects: ${visited.join(' → ')}`);
}

interface SessionUser {
  id: string;
  email: string;
  name: string;
  handle: string;
  image: string | null;
  emailVerified: boolean;
}

/** The shop's signed-in user for the session cookie this browser holds, or null. */
async function sessionOf(browser: Browser) {
  const url = `${shopUrl}/api/auth/get-session`;
  const response = await fetch(url, { headers: { cookie: browser.cookieHeaderFor(url) } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { user: SessionUser } | null)?.user ?? null;
}

/** Ways to sign in of the account with this e-mail: `credential` (password) or a provider. */
async function accountsOf(email: string) {
  return shop.database.db
    .select({ userId: users.id, providerId: accounts.providerId, accountId: accounts.accountId })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(users.email, email))
    .orderBy(accounts.providerId);
}

/** Registers at the shop with e-mail and password, as the register page does. */
function registerWithPassword(name: string, email: string) {
  return fetch(`${shopUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: shopUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: 'correct horse battery' }),
  });
}

describe('signing in with the OpenID Connect provider standing in for Google', () => {
  let gwenId: string | undefined;

  it('is offered to the web app', async () => {
    const response = await fetch(`${shopUrl}/api/config`);
    expect(await response.json()).toMatchObject({ googleProvider: 'oidc' });
  });

  it('runs from the button through login and consent to a signed-in session on /dashboard', async () => {
    const browser = new Browser();
    const { landing, visited, prompts } = await signInWithProvider(browser, 'gwen');
    expect(landing.href).toBe(`${shopUrl}/dashboard`);
    expect(prompts).toEqual(['login', 'consent']);
    expect(visited.some((url) => url.startsWith(`${shopUrl}/api/auth/callback/oidc?code=`))).toBe(true);

    const user = await sessionOf(browser);
    expect(user).toMatchObject({
      email: 'gwen@idp.test',
      name: 'Gwen Google',
      image: 'https://idp.test/gwen.png',
      emailVerified: true,
      // A provider's account gets a public handle from its name, as a password account does.
      handle: 'gwen-google',
    });
    gwenId = user?.id;
    // Registered through the provider, the account keeps its sign-up address as a password one does (reviews'
    // shared-address flag), and the session's user does not show it.
    const [row] = await shop.database.db
      .select({ signupAddress: users.signupAddress })
      .from(users)
      .where(eq(users.email, 'gwen@idp.test'));
    expect(row?.signupAddress).toMatch(/127\.0\.0\.1$/);
    expect(user).not.toHaveProperty('signupAddress');
    expect(await accountsOf('gwen@idp.test')).toEqual([
      { userId: gwenId, providerId: 'oidc', accountId: 'gwen' },
    ]);
  });

  it('signs the same person in again as the same user, without a duplicate', async () => {
    // Another browser: the provider asks for the login again, and the shop must recognise the person.
    const browser = new Browser();
    await signInWithProvider(browser, 'gwen');
    expect((await sessionOf(browser))?.id).toBe(gwenId);
    const rows = await shop.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'gwen@idp.test'));
    expect(rows).toEqual([{ id: gwenId }]);
    expect(await accountsOf('gwen@idp.test')).toHaveLength(1);
  });

  it('does not hand a password account to whoever signs in with its e-mail at the provider', async () => {
    // The password account's e-mail was never verified: its owner may not be the provider's person (or vice
    // versa), so merging them would let one take over the other.
    const registration = await registerWithPassword('Pat Password', 'pat@bazaar.test');
    expect(registration.status).toBe(200);

    const browser = new Browser();
    const { landing } = await signInWithProvider(browser, 'pat');
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('error')).toBe('account_not_linked');
    expect(await sessionOf(browser)).toBeNull();
    expect((await accountsOf('pat@bazaar.test')).map(({ providerId }) => providerId)).toEqual(['credential']);
  });

  it('links a password account whose e-mail was verified: the same user, now with both ways to sign in', async () => {
    const registration = await registerWithPassword('Vera Password', 'vera@bazaar.test');
    expect(registration.status).toBe(200);
    const { user: registered } = (await registration.json()) as { user: { id: string } };
    const link = (await latestMail(shop.database.db, 'vera@bazaar.test', 'verify-email'))?.link;
    const confirmed = await fetch(`${shopUrl}/api/account/confirm-email`, {
      method: 'POST',
      headers: { origin: shopUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ token: link?.searchParams.get('token'), password: 'correct horse battery' }),
    });
    expect(confirmed.status).toBe(200);

    const browser = new Browser();
    const { landing } = await signInWithProvider(browser, 'vera');
    expect(landing.href).toBe(`${shopUrl}/dashboard`);
    expect(await sessionOf(browser)).toMatchObject({ id: registered.id, emailVerified: true });
    expect((await accountsOf('vera@bazaar.test')).map(({ providerId }) => providerId)).toEqual([
      'credential',
      'oidc',
    ]);
  });

  it('refuses a callback that does not answer a sign-in this browser started', async () => {
    const browser = new Browser();
    const response = await browser.fetch(`${shopUrl}/api/auth/callback/oidc?code=stolen&state=forged`);
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location') ?? '', shopUrl).searchParams.get('error')).toBeTruthy();
    expect(await sessionOf(browser)).toBeNull();
  });

  it('refuses to send the browser to another site after sign-in', async () => {
    const response = await fetch(`${shopUrl}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { origin: shopUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'oidc', callbackURL: 'https://evil.example/' }),
      redirect: 'manual',
    });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: string; message: string };
    expect(body).toMatchObject({ error: 'FORBIDDEN', message: expect.stringMatching(/callback/i) as string });
    // No authorization URL handed out: the browser is not sent to the provider at all.
    expect(JSON.stringify(body)).not.toContain(provider.issuer);
  });
});
