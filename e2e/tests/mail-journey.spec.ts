import type { Product } from '@bazaar/shared/products';
import { DEMO_SELLER_EMAIL } from '@bazaar/server/testing';
import { expect, test, type Page } from '@playwright/test';
import { TEST_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { linkInMail, MAIL_SHOP_URL, startMailShop, type MailShop } from '../support/mail-shop.ts';
import { screenshots } from '../support/screens.ts';
import { ORDER_PAGE_URL } from '../support/shop-data.ts';

// This file's tests run against a shop of their own that sends real mail to a test SMTP server, one test
// after the other in one worker.
test.describe.configure({ mode: 'default' });
test.use({ baseURL: MAIL_SHOP_URL });

let shop: MailShop;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startMailShop();
});
test.afterAll(async () => shop?.stop());

const NEW_PASSWORD = 'a brand new password';

/** A product of the demo seller that can be bought. */
async function demoSellersProduct(page: Page): Promise<Product> {
  const response = await page.request.get('/api/products', { params: { limit: 100, sort: 'newest' } });
  const product = ((await response.json()) as Product[]).find(
    (candidate) =>
      candidate.seller.name === 'Demo Seller' && (candidate.stock === null || candidate.stock > 1),
  );
  if (!product) throw new Error('the demo catalog has no product of the demo seller in stock');
  return product;
}

async function fillRegistration(page: Page, email: string, password = TEST_PASSWORD) {
  await page.getByLabel('Name').fill('Nia Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
}

test('a shopper registers at checkout, confirms the e-mail, resets a forgotten password and buys; the seller hears of the sale', async ({
  page,
}) => {
  const email = uniqueEmail('newcomer');
  const product = await demoSellersProduct(page);
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await fillRegistration(page, email);

  // Nobody is signed in until the address is confirmed.
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `We sent a link to ${email}` })).toBeVisible();
  await screenshots(page, 'register-check-mail');
  // The registration's link returns to the checkout; a sign-in from the bare login page mails one to the home page.
  const registrationLink = await linkInMail(shop.smtp, email, 'Confirm your e-mail', '/email-verified?');
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    `Confirm your e-mail first: we sent a new link to ${email}.`,
  );

  await expect.poll(() => shop.smtp.to(email).length, { timeout: 20_000 }).toBe(2);

  // The link asks for the password registered with, then brings the shopper back to the checkout, signed in,
  // with the product chosen.
  await page.goto(registrationLink);
  await expect(page.getByText(`This link confirms ${email}.`)).toBeVisible();
  await page.getByLabel('Password you registered with').fill(TEST_PASSWORD);
  await screenshots(page, 'confirm-email');
  await page.getByRole('button', { name: 'Confirm my e-mail' }).click();
  await expect(page).toHaveURL('/dashboard/addorders');
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail is confirmed' })).toBeVisible();
  const order = page.getByRole('list', { name: 'Products in your order' });
  await expect(order.getByRole('heading', { name: product.name, exact: true })).toBeVisible();
  await screenshots(page, 'verified-back-at-checkout');

  // Signed out, the password forgotten: the mailed link sets a new one and signs in.
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'You are logged out.' })).toBeVisible();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The login page has an Email field too: fill the new page's.
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByText('If an account exists for that e-mail, we sent a link')).toBeVisible();
  await page.goto(await linkInMail(shop.smtp, email, 'Choose a new Bazaar password', '/reset-password?'));
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set my new password' }).click();
  await expect(page).toHaveURL('/dashboard/profile');
  // Told of it over SMTP, with the way back if it was not them.
  expect(await linkInMail(shop.smtp, email, 'Your Bazaar password was changed', '/forgot-password')).toBe(
    `${MAIL_SHOP_URL}/forgot-password`,
  );

  // The purchase, and the mails it causes.
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL('/dashboard/addorders');
  const form = page.getByRole('form', { name: 'Order details' });
  await form.getByLabel('Phone', { exact: true }).fill('+44 20 7946 0958');
  await form.getByLabel('Address', { exact: true }).fill('1 High Street, London');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(ORDER_PAGE_URL);

  // The mails name the order by the number its page shows.
  const heading = await page.getByRole('heading', { level: 1, name: /^Order BZ-\d+$/ }).innerText();
  const number = heading.replace('Order ', '');
  await expect
    .poll(() => shop.smtp.to(email).map((mail) => mail.subject), { timeout: 20_000 })
    .toContain(`Your order ${number} is placed`);
  await expect
    .poll(() => shop.smtp.to(DEMO_SELLER_EMAIL).map((mail) => mail.subject), { timeout: 20_000 })
    .toContain(`New sale: order ${number}`);
  const sale = shop.smtp.to(DEMO_SELLER_EMAIL).find((mail) => mail.subject === `New sale: order ${number}`);
  expect(sale?.body).toContain(product.name);

  // Later, the new password signs in.
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'You are logged out.' })).toBeVisible();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Successfully Login!' })).toBeVisible();
});

test('registering with an e-mail that has an account looks like any registration; the owner is told', async ({
  page,
}) => {
  await page.goto('/register');
  await fillRegistration(page, DEMO_SELLER_EMAIL);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: `We sent a link to ${DEMO_SELLER_EMAIL}` }),
  ).toBeVisible();
  await expect
    .poll(() => shop.smtp.to(DEMO_SELLER_EMAIL).map((mail) => mail.subject), { timeout: 20_000 })
    .toContain('Someone tried to register with your address at Bazaar');
});

test('whoever registers an address first cannot keep it: its owner confirms it with a password of their own', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('pre-hijacked');
  const attackersPassword = 'the attacker chose this';
  const ownersPassword = 'the owner chose this';
  // The attacker registers the owner's address from a browser of their own.
  const attacker = await browser.newContext({ baseURL: MAIL_SHOP_URL });
  const attackersPage = await attacker.newPage();
  await attackersPage.goto('/register');
  await fillRegistration(attackersPage, email, attackersPassword);
  await expect(attackersPage.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  const attackersLink = await linkInMail(shop.smtp, email, 'Confirm your e-mail', '/email-verified?');

  // The owner registers later: it looks as any registration, and the mailbox gets a fresh link.
  await page.goto('/register');
  await fillRegistration(page, email, ownersPassword);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect.poll(() => shop.smtp.to(email).length, { timeout: 20_000 }).toBe(2);

  // The owner opens the attacker's link: their own password is not the one registered; they choose theirs.
  await page.goto(attackersLink);
  await expect(page.getByText(`This link confirms ${email}.`)).toBeVisible();
  await page.getByLabel('Password you registered with').fill(ownersPassword);
  await page.getByRole('button', { name: 'Confirm my e-mail' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That is not the password this address was registered with. Someone else may have registered it first: choose the password to keep.',
  );
  await screenshots(page, 'confirm-email-wrong-password');
  await page.getByLabel('New password', { exact: true }).fill(ownersPassword);
  await page.getByLabel('Confirm new password').fill(ownersPassword);
  await page.getByRole('button', { name: 'Set my password and confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail is confirmed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible();

  // The attacker's password is refused from now on; the link is spent.
  await attackersPage.goto('/login');
  await attackersPage.getByLabel('Email').fill(email);
  await attackersPage.getByLabel('Password').fill(attackersPassword);
  await attackersPage.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(attackersPage.getByRole('alert')).toContainText('Invalid email or password');
  await expect(attackersPage).toHaveURL('/login');
  await attackersPage.goto(attackersLink);
  await expect(attackersPage.getByText(`${email} is confirmed already.`)).toBeVisible();
  await attacker.close();
});

test('a confirmation link does not switch a signed-in browser to another account', async ({
  page,
  browser,
}) => {
  const mine = uniqueEmail('signed-in');
  const theirs = uniqueEmail('lure');
  const other = await browser.newContext({ baseURL: MAIL_SHOP_URL });
  const otherPage = await other.newPage();
  await otherPage.goto('/register');
  await fillRegistration(otherPage, theirs);
  await expect(otherPage.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  const lure = await linkInMail(shop.smtp, theirs, 'Confirm your e-mail', '/email-verified?');
  await other.close();

  await page.goto('/register');
  await fillRegistration(page, mine);
  await page.goto(await linkInMail(shop.smtp, mine, 'Confirm your e-mail', '/email-verified?'));
  await page.getByLabel('Password you registered with').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Confirm my e-mail' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail is confirmed' })).toBeVisible();

  await page.goto(lure);
  await expect(page.getByRole('alert')).toHaveText(
    `This link confirms ${theirs}; this browser is signed in as ${mine}. Log out to confirm it.`,
  );
  await expect(page.getByLabel('Password you registered with')).toHaveCount(0);
  await screenshots(page, 'confirm-email-signed-in-as-another');
});
