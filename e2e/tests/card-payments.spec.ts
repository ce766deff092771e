import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsAdminViaApi, signUpViaApi } from '../support/auth.ts';
import { earningsEntries, earningsTile, openEarnings } from '../support/earnings.ts';
import {
  createProductViaApi,
  moveSaleViaApi,
  ORDER_PAGE_URL,
  ordersViaApi,
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

/**
 * On the order's page: Pay by card, then pay `amount` on Stripe's page (or, `charged`, another amount of cents, as the
 * stand-in's Pay form takes), and come back. Answers the stand-in's session page.
 */
async function payOnStripe(page: Page, amount: string, charged?: number): Promise<URL> {
  const orderPage = page.url();
  await payHere(page).getByRole('button', { name: 'Pay by card' }).click();
  await expect(page.getByRole('heading', { name: `Pay ${amount}` })).toBeVisible();
  const stripePage = new URL(page.url());
  expect(stripePage.origin).not.toBe(new URL(orderPage).origin);
  if (charged !== undefined) {
    await page
      .locator('form', { has: page.getByRole('button', { name: `Pay ${amount}` }) })
      .evaluate((form, cents) => {
        const field = document.createElement('input');
        Object.assign(field, { type: 'hidden', name: 'amount_total', value: String(cents) });
        form.append(field);
      }, charged);
  }
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page).toHaveURL(new RegExp(`^${orderPage}`));
  return stripePage;
}

/** Tells the stand-in how to answer the refunds of the payment made on `stripePage`. */
async function refundsAtStripe(page: Page, stripePage: URL, mode: 'refuse'): Promise<void> {
  const sessionId = stripePage.pathname.split('/').pop() ?? '';
  const answer = await page.request.post(`${stripePage.origin}/control/sessions/${sessionId}/refunds`, {
    data: mode,
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

async function sellerOf(page: Page, name: string) {
  await signUpViaApi(page, { name });
  return createProductViaApi(page.request, {
    name: `Card lamp ${Date.now().toString(36)}`,
    price: 20,
    discount: 0,
  });
}

test('a buyer checks out with Card, pays on Stripe’s page and comes back paid; the seller delivers and earns it less commission', async ({
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

  // The seller ships and delivers; the shop (10 % commission, no hold: playwright.config.ts) owes them the rest.
  const orderId = (await ordersViaApi(page.request)).orders[0]?._id ?? '';
  const number = new URL(page.url()).pathname.split('/').pop() ?? '';
  await moveSaleViaApi(seller.request, orderId, 'shipped');
  await seller.goto('/dashboard/sales');
  await seller
    .getByRole('article', { name: 'Order of Bea Buyer' })
    .getByRole('button', { name: 'Mark delivered' })
    .click();
  await expect(seller.getByText('Marked delivered', { exact: true })).toBeVisible();
  await openEarnings(seller);
  await expect(earningsTile(seller, 'Balance')).toHaveText('$28.00');
  await expect(earningsTile(seller, 'Available for payout')).toHaveText('$28.00');
  expect(await earningsEntries(seller)).toEqual([
    [number, "Shop's commission", '-$2.00'],
    [number, 'Shipping delivered', '+$10.00'],
    [number, 'Goods delivered', '+$20.00'],
  ]);
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

test('an admin sees card payments, a flagged mismatch and a refund Stripe refused', async ({ browser }) => {
  const seller = await (await browser.newContext()).newPage();
  const product = await sellerOf(seller, 'Fay Flags');
  const buyer = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signUpViaApi(buyer, { name: 'Mo Mismatch' });
  const line = [{ productId: product._id, quantity: 1 }];

  // Stripe charged $1.00 of the $30.00 due: flagged, not paid; the buyer is told not to pay again.
  const mismatched = await placeOrderViaApi(buyer.request, line, { paymentMethod: 'card' });
  await buyer.goto(`/dashboard/orders/${mismatched.number}`);
  await payOnStripe(buyer, '$30.00', 100);
  await expect(buyer.getByRole('status')).toHaveText(
    'Stripe charged your card another amount than was due: we are looking into it and will contact you. Please do not pay again.',
  );
  await expect(figure(buyer, 'Status')).toHaveText('Unpaid');
  await expect(payHere(buyer)).toHaveCount(0);

  // Paid, then cancelled by its seller: Stripe refuses the refund.
  const refused = await placeOrderViaApi(buyer.request, line, { paymentMethod: 'card' });
  await buyer.goto(`/dashboard/orders/${refused.number}`);
  const stripePage = await payOnStripe(buyer, '$30.00');
  await expect(figure(buyer, 'Status')).toHaveText('Paid');
  await refundsAtStripe(buyer, stripePage, 'refuse');
  await moveSaleViaApi(seller.request, refused._id, 'cancelled', 'Out of lamps');
  await expect(async () => {
    await buyer.reload();
    await expect(history(buyer).last()).toContainText('not made by card', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(figure(buyer, 'Status')).toHaveText('Refund due');

  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAsAdminViaApi(admin);
  await admin.goto('/dashboard/payments');
  const section = (name: string) => admin.getByRole('region', { name });
  const card = (name: string, number: string) =>
    section(name).getByRole('article', { name: number, exact: true });

  const flagged = card('Flagged card payments', mismatched.number);
  await expect(flagged).toContainText('Flagged: not counted as paid');
  await expect(flagged).toContainText('$1.00');
  await expect(flagged).toContainText('charged 1.00 USD, asked $30.00');

  const due = card('Refunds due', refused.number);
  await expect(due).toContainText('MethodCard');
  await expect(due).toContainText('has been disputed; it cannot be refunded.');
  await expectNoSeriousA11yViolations(admin);
  await screenshot(admin, 'card-admin-payments');

  await section('Recently decided').getByLabel('Show').selectOption('Card payments');
  await expect(card('Recently decided', refused.number)).toContainText('Paid by card');
  await expect(card('Recently decided', refused.number)).toContainText('$30.00');
});
