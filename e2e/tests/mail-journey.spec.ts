import type { Product } from '@bazaar/shared/products';
import { DEMO_SELLER_EMAIL } from '@bazaar/server/testing';
import { expect, test, type Page } from '@playwright/test';
import { TEST_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { linkInMail, MAIL_SHOP_URL, startMailShop, type MailShop } from '../support/mail-shop.ts';
import { screenshots } from '../support/screens.ts';

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

async function fillRegistration(page: Page, email: string) {
  await page.getByLabel('Name').fill('Nia Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
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
  const registrationLink = await linkInMail(
    shop.smtp,
    email,
    'Confirm your e-mail',
    '/api/auth/verify-email?',
  );
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Confirm your e-mail first: we sent a new link to ${email}.` }),
  ).toBeVisible();

  await expect.poll(() => shop.smtp.to(email).length, { timeout: 20_000 }).toBe(2);

  // The link brings the shopper back to the checkout, signed in, with the product chosen.
  await page.goto(registrationLink);
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
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByText('If an account exists for that e-mail, we sent a link')).toBeVisible();
  await page.goto(await linkInMail(shop.smtp, email, 'Choose a new Bazaar password', '/reset-password?'));
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set my new password' }).click();
  await expect(page).toHaveURL('/dashboard/profile');

  // The purchase, and the mails it causes.
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL('/dashboard/addorders');
  const form = page.getByRole('form', { name: 'Order details' });
  await form.getByLabel('Phone', { exact: true }).fill('+44 20 7946 0958');
  await form.getByLabel('Address', { exact: true }).fill('1 High Street, London');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL('/dashboard/orders');

  await expect
    .poll(() => shop.smtp.to(email).map((mail) => mail.subject), { timeout: 20_000 })
    .toContainEqual(expect.stringMatching(/^Your order \w{8} is placed$/));
  const reference = /Your order (\w{8}) is placed/.exec(
    shop.smtp.to(email).find((mail) => mail.subject.startsWith('Your order'))?.subject ?? '',
  )?.[1];
  await expect
    .poll(() => shop.smtp.to(DEMO_SELLER_EMAIL).map((mail) => mail.subject), { timeout: 20_000 })
    .toContain(`New sale: order ${reference}`);
  const sale = shop.smtp
    .to(DEMO_SELLER_EMAIL)
    .find((mail) => mail.subject === `New sale: order ${reference}`);
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
