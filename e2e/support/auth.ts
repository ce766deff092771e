import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, TEST_PASSWORD, uniqueEmail } from './accounts.ts';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

/** Better Auth refuses sign-in and sign-up calls without a trusted Origin: the shop's own. */
function shopOrigin(): string {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('the Playwright config sets no baseURL');
  return new URL(baseURL).origin;
}

/**
 * Registers a new account through the API and leaves this page's browser signed in as it (the page's
 * request context shares the browser's cookies). For tests that need a user but do not test registering.
 */
export async function signUpViaApi(page: Page, overrides: Partial<TestAccount> = {}): Promise<TestAccount> {
  const account: TestAccount = {
    name: 'Sam Shopper',
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    ...overrides,
  };
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: account,
    headers: { origin: shopOrigin() },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return account;
}

/**
 * Leaves this page's browser signed in as the e2e server's admin (ADMIN_EMAIL). The first test to get here
 * registers the account; tests running beside it find it registered and sign in instead.
 */
export async function signInAsAdminViaApi(page: Page): Promise<void> {
  const headers = { origin: shopOrigin() };
  const account = { name: 'Ada Admin', email: ADMIN_EMAIL, password: TEST_PASSWORD };
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: account, headers });
  if (signUp.ok()) return;
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: ADMIN_EMAIL, password: TEST_PASSWORD },
    headers,
  });
  expect(signIn.ok(), `sign-up: ${await signUp.text()}; sign-in: ${await signIn.text()}`).toBe(true);
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
