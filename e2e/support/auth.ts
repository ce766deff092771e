import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { ADMIN_EMAIL, TEST_PASSWORD, uniqueEmail } from './accounts.ts';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

/** The origin of a shop of the running file's own (support/mail-shop.ts), while it runs. */
let ownShopOrigin: string | undefined;

export function setOwnShopOrigin(origin: string | undefined): void {
  ownShopOrigin = origin;
}

/**
 * The shop's own origin. Better Auth refuses sign-in and sign-up calls without it as Origin, and API calls
 * a test makes with the browser's cookie send it too, as the shop's pages do.
 */
export function shopOrigin(): string {
  if (ownShopOrigin) return ownShopOrigin;
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('the Playwright config sets no baseURL');
  return new URL(baseURL).origin;
}

/** An account the shop made: with the public handle it gave. */
export interface SignedUpAccount extends TestAccount {
  handle: string;
}

/**
 * Registers a new account through the API and leaves `request` signed in as it: an API client apart from the
 * browser (the `request` fixture: a seller the test's shopper buys from, say), or a page's own.
 */
export async function signUpViaRequest(
  request: APIRequestContext,
  overrides: Partial<TestAccount> = {},
): Promise<SignedUpAccount> {
  const account: TestAccount = {
    name: 'Sam Shopper',
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    ...overrides,
  };
  const response = await request.post('/api/auth/sign-up/email', {
    data: account,
    headers: { origin: shopOrigin() },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { user } = (await response.json()) as { user: { handle: string } };
  return { ...account, handle: user.handle };
}

/**
 * Registers a new account through the API and leaves this page's browser signed in as it (the page's
 * request context shares the browser's cookies). For tests that need a user but do not test registering.
 */
export function signUpViaApi(page: Page, overrides: Partial<TestAccount> = {}): Promise<SignedUpAccount> {
  return signUpViaRequest(page.request, overrides);
}

/**
 * A page in a browser context of its own (axe reads the pages of a context; `options` set its viewport…), signed in
 * as a new user named `name`: one of several people of a journey.
 */
export async function signedInPage(
  browser: Browser,
  name: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await signUpViaApi(page, { name });
  return page;
}

/** Leaves this page's browser signed in as the shop's admin (ADMIN_EMAIL, registered and verified by start-shop.ts). */
export async function signInAsAdminViaApi(page: Page): Promise<void> {
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: ADMIN_EMAIL, password: TEST_PASSWORD },
    headers: { origin: shopOrigin() },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
}

/** Signs out through the API (the browser's session cookie goes away). */
export async function signOutViaApi(page: Page): Promise<void> {
  const response = await page.request.post('/api/auth/sign-out', {
    data: {},
    headers: { origin: shopOrigin() },
  });
  expect(response.ok()).toBe(true);
}

/** Fills and sends the login form of the page currently open at /login. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}
