import type { Product } from '@bazaar/shared/products';
import { expect, test, type Page } from '@playwright/test';
import { TEST_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { signUpViaApi, submitLogin } from '../support/auth.ts';
import { OIDC_PEOPLE, type OidcLogin } from '../support/oidc-people.ts';
import { screenshots } from '../support/screens.ts';

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

async function fillRegistration(
  page: Page,
  fields: { name: string; email: string; password: string; confirm: string },
) {
  const form = page.getByRole('main').locator('form');
  await form.getByLabel('Name').fill(fields.name);
  await form.getByLabel('Email').fill(fields.email);
  await form.getByLabel('Password', { exact: true }).fill(fields.password);
  await form.getByLabel('Confirm password').fill(fields.confirm);
  await form.getByRole('button', { name: 'Register' }).click();
}

async function signInAnswer(page: Page, email: string, password: string) {
  const origin = new URL(page.url()).origin;
  return page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin } });
}

test('registering with two different passwords says so inline and in a toast, and creates nothing', async ({
  page,
}) => {
  const email = uniqueEmail('mismatch');
  await page.goto('/register');
  await fillRegistration(page, {
    name: 'Mia Match',
    email,
    password: TEST_PASSWORD,
    confirm: `${TEST_PASSWORD}!`,
  });

  const form = page.getByRole('main').locator('form');
  await expect(form.getByText('Passwords do not match!')).toBeVisible();
  await expect(form.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  await expect(toast(page, 'Passwords do not match!')).toBeVisible();
  await expect(page).toHaveURL('/register');

  // No account: signing in with those details fails.
  const answer = await signInAnswer(page, email, TEST_PASSWORD);
  expect(answer.status()).toBe(401);
});

test('registering without a name says so under the field, in the shop’s words, and creates nothing', async ({
  page,
}) => {
  const email = uniqueEmail('nameless');
  await page.goto('/register');
  // Spaces pass the browser's own check of a required field.
  await fillRegistration(page, { name: '   ', email, password: TEST_PASSWORD, confirm: TEST_PASSWORD });

  const name = page.getByRole('main').locator('form').getByLabel('Name');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Name is required');
  await expect(name).toBeFocused();
  await expect(page.getByText(/Invalid body field/)).toHaveCount(0);
  await expect(page).toHaveURL('/register');
  await screenshots(page, 'register-no-name');
  expect((await signInAnswer(page, email, TEST_PASSWORD)).status()).toBe(401);
});

test('a toast goes with its page: opening another page dismisses it', async ({ page }) => {
  await page.goto('/register');
  await fillRegistration(page, {
    name: 'Tess Toast',
    email: uniqueEmail('toast'),
    password: TEST_PASSWORD,
    confirm: `${TEST_PASSWORD}!`,
  });
  const mismatch = toast(page, 'Passwords do not match!');
  // Held by the pointer, a toast stays for as long as it is hovered: only the page change can take it away.
  await mismatch.hover();
  await page.getByRole('main').getByRole('link', { name: 'Login' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/login');
  await expect(mismatch).toHaveCount(0);
});

test('registering with a too short password shows the rule under the field', async ({ page }) => {
  await page.goto('/register');
  await fillRegistration(page, {
    name: 'Sho Rt',
    email: uniqueEmail('short'),
    password: 'short',
    confirm: 'short',
  });
  await expect(page.getByRole('main').getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Password', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page).toHaveURL('/register');
});

test('registering signs the new user in, stores the token and returns to the page they came from; Logout ends it', async ({
  page,
}) => {
  const email = uniqueEmail('newcomer');
  await page.goto('/about');
  await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
  await fillRegistration(page, {
    name: 'Nina Newcomer',
    email,
    password: TEST_PASSWORD,
    confirm: TEST_PASSWORD,
  });

  await expect(toast(page, 'Account created')).toBeVisible();
  await expect(page).toHaveURL('/about');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Profile of Nina Newcomer' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('bazaar-token'))).toMatch(/^".+"$/);

  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'You are logged out.')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('bazaar-token'))).toBe('null');
  const session = await page.request.get('/api/auth/get-session');
  expect(await session.json()).toBeNull();
});

test('registering with an e-mail already in use shows the server’s message', async ({ page, browser }) => {
  const other = await browser.newPage();
  await other.goto('/');
  const existing = await signUpViaApi(other);
  await other.close();

  await page.goto('/register');
  await fillRegistration(page, {
    name: 'Copy Cat',
    email: existing.email,
    password: TEST_PASSWORD,
    confirm: TEST_PASSWORD,
  });
  await expect(toast(page, 'User already exists. Use another email.')).toBeVisible();
  await expect(page).toHaveURL('/register');
});

test('a wrong password is refused at the form, read out; the right one logs in with Successfully Login!', async ({
  page,
  browser,
}) => {
  const other = await browser.newPage();
  await other.goto('/');
  const account = await signUpViaApi(other, { name: 'Lou Login' });
  await other.close();

  await page.goto('/login');
  await submitLogin(page, account.email, 'not the password');
  const form = page.getByRole('main').locator('form');
  const refusal = 'Invalid email or password. Check both, or choose a new password with “Forgot password?”.';
  await expect(form.getByRole('alert')).toHaveText(refusal);
  for (const label of ['Email', 'Password']) {
    await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel(label)).toHaveAccessibleDescription(refusal);
  }
  await expect(toast(page, /invalid/i)).toHaveCount(0);
  await expect(page).toHaveURL('/login');
  await screenshots(page, 'login-refused');

  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(toast(page, 'Successfully Login!')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Profile of Lou Login' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('bazaar-token'))).toMatch(/^".+"$/);
});

test('a signed-out visit to the dashboard goes through /login and back', async ({ page, browser }) => {
  const other = await browser.newPage();
  await other.goto('/');
  const account = await signUpViaApi(other);
  await other.close();

  await page.goto('/dashboard/orders');
  await expect(page).toHaveURL('/login');
  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL('/dashboard/orders');
  // Going back does not land on the login page again.
  await page.goBack();
  await expect(page).not.toHaveURL('/login');
});

test('the login and register pages send a signed-in user away', async ({ page }) => {
  await page.goto('/');
  await signUpViaApi(page);
  await page.goto('/login');
  await expect(page).toHaveURL('/');
  await page.goto('/register');
  await expect(page).toHaveURL('/');
});

/** Clicks Google and goes through the test provider's login and consent pages as `login`. */
async function signInWithGoogle(page: Page, login: OidcLogin) {
  // The provider's development pages import a web font; nothing may leave this machine.
  await page.route(/fonts\.googleapis\.com/, (route) => route.abort());
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('Google sign-in goes to the provider and back, signed in, with the cart and buy items intact', async ({
  page,
}) => {
  const person = OIDC_PEOPLE.gwen;
  const response = await page.request.get('/api/products?limit=2');
  const [first, second] = (await response.json()) as Product[];
  const cart = { [first?._id ?? '']: 2, [second?._id ?? '']: 1 };
  const buyItems = [{ productId: first?._id ?? '', quantity: 2 }];

  await page.goto('/cart');
  await page.evaluate(
    ({ cart, buyItems }) => {
      localStorage.setItem('bazaar-cart', JSON.stringify(cart));
      localStorage.setItem('bazaar-buy-items', JSON.stringify(buyItems));
    },
    { cart, buyItems },
  );
  await page.reload();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /^Cart/ })).toHaveAccessibleName('Cart, 2 products');

  await header.getByRole('link', { name: 'Login' }).click();
  await signInWithGoogle(page, 'gwen');

  // Back where the sign-in started, signed in as the provider's person, with the provider's photo.
  await expect(page).toHaveURL('/cart');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
  const avatar = header.getByRole('link', { name: `Profile of ${person.name}` });
  await expect(avatar.locator('img')).toHaveAttribute('src', person.picture);
  await expect(header.getByRole('link', { name: /^Cart/ })).toHaveAccessibleName('Cart, 2 products');
  expect(await page.evaluate(() => localStorage.getItem('bazaar-cart'))).toBe(JSON.stringify(cart));
  expect(await page.evaluate(() => localStorage.getItem('bazaar-buy-items'))).toBe(JSON.stringify(buyItems));
  // The user was posted to the shop and its token kept, as after any sign-in.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('bazaar-token'))).toMatch(/^".+"$/);
});

test('an account made with Google has no password to change: the profile offers to choose one', async ({
  page,
}) => {
  await page.goto('/dashboard/profile');
  await signInWithGoogle(page, 'nora');
  await expect(page).toHaveURL('/dashboard/profile');
  const main = page.getByRole('main');
  await expect(main.getByText('Your account signs in with Google and has no password.')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Change password' })).toHaveCount(0);
  await main.getByRole('link', { name: 'choose a password' }).click();
  await expect(page).toHaveURL('/forgot-password');
});

test('Google sign-in from a guarded page returns to it', async ({ page }) => {
  await page.goto('/dashboard/orders');
  await expect(page).toHaveURL('/login');
  await signInWithGoogle(page, 'olly');
  await expect(page).toHaveURL('/dashboard/orders');
  await expect(
    page.getByRole('banner').getByRole('link', { name: `Profile of ${OIDC_PEOPLE.olly.name}` }),
  ).toBeVisible();
});

test('a Google sign-in with the e-mail of a password account is refused with a message', async ({ page }) => {
  // Phoebe registered with a password first: the provider's person may not be her, so no account is merged.
  const person = OIDC_PEOPLE.phoebe;
  await page.goto('/');
  await signUpViaApi(page, { name: person.name, email: person.email });
  await page.request.post('/api/auth/sign-out', {
    data: {},
    headers: { origin: new URL(page.url()).origin },
  });

  await page.goto('/login');
  await signInWithGoogle(page, 'phoebe');
  await expect(page).toHaveURL('/login');
  await expect(toast(page, 'An account with this e-mail already exists')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
});
