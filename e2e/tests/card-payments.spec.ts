import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpViaApi } from '../support/auth.ts';
import {
  createProductViaApi,
  moveSaleViaApi,
  ORDER_PAGE_URL,
  placeOrderViaApi,
} from '../support/shop-data.ts';
import { screenshot } from '../support/screens.ts';
import { expectNoSeriousA11yViolations } from '../support/storefront-checks.ts';

// Stripe is the stand-in of e2e/support/start-shop.ts: its hosted page, and its webhooks to the shop.

const paymentBox = (page: Page) => page.getByRole('region', { name: 'Payment' });

/** The value beside `term` in the payment box's figures. */
const figure = (page: Page, term: string): Locator =>
  paymentBox(page).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

const history = (page: Page) => paymentBox(page).getByRole('list', { name: 'History' }).getByRole('listitem');

const payHere = (page: Page) => page.getByRole('region', { name: 'Pay by card' });

/** On the order's page: Pay by card, then pay `amount` on Stripe's page, and come back. */
async function payOnStripe(page: Page, amount: string): Promise<void> {
  const orderPage = page.url();
  await payHere(page).getByRole('button', { name: 'Pay by card' }).click();
  await expect(page.getByRole('heading', { name: `Pay ${amount}` })).toBeVisible();
  expect(new URL(page.url()).origin).not.toBe(new URL(orderPage).origin);
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page).toHaveURL(new RegExp(`^${orderPage}`));
}

async function sellerOf(page: Page, name: string) {
  await signUpViaApi(page, { name });
  return createProductViaApi(page.request, {
    name: `Card lamp ${Date.now().toString(36)}`,
    price: 20,
    discount: 0,
  });
}

test('a buyer checks out with Card, pays on Stripe’s page and comes back to the order paid', async ({
  browser,
}) => {
  const seller = await (await browser.newContext()).newPage();
  const product = await sellerOf(seller, 'Cara Cards');
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signUpViaApi(page, { name: 'Bea Buyer' });

  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  const details = page.getByRole('form', { name: 'Order details' });
  await details.getByLabel('Phone', { exact: true }).fill('+880 1712 345678');
  await details.getByLabel('Address', { exact: true }).fill('9 Card Lane, Dhaka');
  await details.getByRole('radio', { name: 'Card' }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(ORDER_PAGE_URL);

  // $20.00 and the seller's $10.00 of shipping, paid on Stripe's page.
  await expect(figure(page, 'Method')).toHaveText('Card');
  await expect(figure(page, 'Status')).toHaveText('Unpaid');
  await expect(figure(page, 'Due')).toHaveText('$30.00');
  await expect(payHere(page)).toContainText('You pay $30.00 on Stripe’s secure page, then come back here.');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'card-pay');

  await payOnStripe(page, '$30.00');
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toHaveText(
    'Payment received: $30.00 by card. We ship once each seller has your part ready.',
  );
  await expect(figure(page, 'Status')).toHaveText('Paid');
  await expect(figure(page, 'Due')).toHaveText('$0.00');
  await expect(history(page)).toHaveCount(1);
  await expect(history(page).first()).toContainText('$30.00 paid by card');
  await expect(payHere(page)).toHaveCount(0);
  // The return's query is gone once the payment is known: a reload shows the same.
  await expect(page).toHaveURL(ORDER_PAGE_URL);
  await screenshot(page, 'card-paid');
});

test('a card-paid part a seller cancels is refunded through Stripe', async ({ browser }) => {
  const seller = await (await browser.newContext()).newPage();
  const product = await sellerOf(seller, 'Rhea Refunds');
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signUpViaApi(page, { name: 'Rob Buyer' });
  const order = await placeOrderViaApi(page.request, [{ productId: product._id, quantity: 1 }], {
    paymentMethod: 'card',
  });
  await page.goto(`/dashboard/orders/${order.number}`);
  await payOnStripe(page, '$30.00');
  await expect(figure(page, 'Status')).toHaveText('Paid');

  await moveSaleViaApi(seller.request, order._id, 'cancelled', 'The lamp broke in the workshop');
  // Stripe is asked once the cancellation commits; the page shows it once recorded.
  await expect(async () => {
    await page.reload();
    await expect(figure(page, 'Status')).toHaveText('Refunded', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(figure(page, 'Refunded')).toHaveText('$30.00');
  await expect(history(page)).toHaveText([
    /\$30\.00 paid by card/,
    /Refund of \$30\.00 due/,
    /Refund of \$30\.00 made, reference re_test_/,
  ]);
  await screenshot(page, 'card-refunded-phone');
});
