import { expect, test } from '@playwright/test';
import { TEST_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { shopOrigin, signOutViaApi, signUpViaApi, submitLogin } from '../support/auth.ts';
import { mailedLink } from '../support/outbox.ts';
import { screenshots } from '../support/screens.ts';

const NEW_PASSWORD = 'a brand new password';
// The links come from the mails the shop wrote into its outbox folder (no SMTP_URL in this run).

test('forgot password: the mailed link leads to a new password, signed in; the new password signs in later', async ({
  page,
}) => {
  const account = await signUpViaApi(page, { name: 'Fern Forgetful' });
  await signOutViaApi(page);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await screenshots(page, 'forgot-password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByText('If an account exists for that e-mail, we sent a link')).toBeVisible();
  await screenshots(page, 'forgot-password-sent');

  const link = await mailedLink(account.email, 'reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await screenshots(page, 'reset-password');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set my new password' }).click();
  await expect(page).toHaveURL('/dashboard/profile');
  await expect(page.getByRole('main').getByText(account.email).first()).toBeVisible();
  // The owner hears of it, with the way back if it was not them.
  expect(new URL(await mailedLink(account.email, 'password-changed')).pathname).toBe('/forgot-password');

  // The link worked once.
  await signOutViaApi(page);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('yet another password');
  await page.getByLabel('Confirm new password').fill('yet another password');
  await page.getByRole('button', { name: 'Set my new password' }).click();
  await expect(page.getByText('This link has expired or was already used.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await screenshots(page, 'reset-password-spent');

  await page.goto('/login');
  await submitLogin(page, account.email, TEST_PASSWORD);
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await submitLogin(page, account.email, NEW_PASSWORD);
  await expect(page).not.toHaveURL('/login');
});

test('verification: a new account shows Not verified on the profile, the mailed link makes it Verified', async ({
  page,
}) => {
  const account = await signUpViaApi(page, { name: 'Vic Verify' });
  await page.goto('/dashboard/profile');
  const main = page.getByRole('main');
  await expect(main.getByText('Not verified')).toBeVisible();
  const registrationLink = await mailedLink(account.email, 'verify-email');
  await main.getByRole('button', { name: 'Send the link again' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `We sent a new link to ${account.email}.` }),
  ).toBeVisible();
  await screenshots(page, 'profile-not-verified');

  // The link sent again asks for the password, then returns to the profile.
  await page.goto(await mailedLink(account.email, 'verify-email', registrationLink));
  await expect(page.getByText(`This link confirms ${account.email}.`)).toBeVisible();
  await page.getByLabel('Password you registered with').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Confirm my e-mail' }).click();
  await expect(page).toHaveURL('/dashboard/profile');
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail is confirmed' })).toBeVisible();
  await expect(main.getByText('Verified', { exact: true })).toBeVisible();
  await expect(main.getByText('Not verified')).toHaveCount(0);
  await screenshots(page, 'profile-verified');
});

test('the profile changes the password (the current one required) and signs out everywhere', async ({
  page,
  browser,
}) => {
  const account = await signUpViaApi(page, { name: 'Cass Careful' });
  // Another device, signed in before the change.
  const laptop = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const laptopPage = await laptop.newPage();
  await laptopPage.goto('/login');
  await submitLogin(laptopPage, account.email, TEST_PASSWORD);
  await expect(laptopPage).not.toHaveURL(/\/login/);

  await page.goto('/dashboard/profile');
  const security = page.getByRole('form', { name: 'Change password' });
  await security.getByLabel('Current password').fill('not my password');
  await security.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await security.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await security.getByRole('button', { name: 'Change password' }).click();
  // Beside the field it is about, and read out as the focus moves there.
  const current = security.getByLabel('Current password');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toHaveAccessibleDescription('That is not your current password.');
  await expect(current).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: /invalid password/i })).toHaveCount(0);
  await screenshots(page, 'profile-wrong-current-password');

  await security.getByLabel('Current password').fill(TEST_PASSWORD);
  await security.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Password changed: every other device is signed out.' }),
  ).toBeVisible();
  await screenshots(page, 'profile-security');
  expect(new URL(await mailedLink(account.email, 'password-changed')).pathname).toBe('/forgot-password');
  // This browser stays signed in; the laptop is signed out.
  await page.reload();
  await expect(page).toHaveURL('/dashboard/profile');
  await laptopPage.goto('/dashboard/profile');
  await expect(laptopPage).toHaveURL(/\/login/);
  await laptop.close();

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(
    page.getByText('You are signed out on every device, this one too. Log in again to carry on.'),
  ).toBeVisible();
  // The profile's toasts stayed with the profile.
  await expect(page.getByRole('status').filter({ hasText: 'Password changed' })).toHaveCount(0);
  await screenshots(page, 'signed-out-everywhere');
  await submitLogin(page, account.email, NEW_PASSWORD);
  await expect(page).toHaveURL('/dashboard/profile');
});

test('a confirmation link opened in another browser says the address is confirmed and offers to go on', async ({
  page,
  browser,
}) => {
  // Registered at checkout: the link returns there, where this browser's chosen product waits.
  const account = { name: 'Otto Otherbrowser', email: uniqueEmail('other-browser'), password: TEST_PASSWORD };
  const registered = await page.request.post('/api/auth/sign-up/email', {
    data: { ...account, callbackURL: '/dashboard/addorders' },
    headers: { origin: shopOrigin() },
  });
  expect(registered.ok()).toBe(true);
  const link = await mailedLink(account.email, 'verify-email');
  expect(new URL(link).searchParams.get('next')).toBe('/dashboard/addorders');

  // The phone's mail app opens it in a browser that has never seen the shop: nothing to check out there.
  const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await elsewhere.newPage();
  await other.goto(link);
  await other.getByLabel('Password you registered with').fill(TEST_PASSWORD);
  await other.getByRole('button', { name: 'Confirm my e-mail' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Your e-mail is confirmed' })).toBeVisible();
  await expect(other.getByText(`${account.email} is confirmed, and you are signed in.`)).toBeVisible();
  await expect(other.getByText('No Product in Cart')).toHaveCount(0);
  await screenshots(other, 'email-confirmed-other-browser');
  await other.getByRole('link', { name: 'Continue shopping' }).click();
  await expect(other).toHaveURL('/');
  await expect(
    other.getByRole('banner').getByRole('link', { name: `Profile of ${account.name}` }),
  ).toBeVisible();
  // Opened again later, it says the same, and offers to go on.
  await other.goto(link);
  await expect(other.getByRole('heading', { level: 1, name: 'Your e-mail is confirmed' })).toBeVisible();
  await expect(other.getByRole('link', { name: 'Continue shopping' })).toBeVisible();
  await elsewhere.close();
});
