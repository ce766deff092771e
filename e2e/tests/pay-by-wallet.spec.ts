import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { signInAsAdminViaApi, signUpViaApi } from '../support/auth.ts';
import { claimViaApi, decideViaApi } from '../support/payments.ts';
import {
  createProductViaApi,
  moveSaleViaApi,
  ORDER_PAGE_URL,
  placeOrderViaApi,
} from '../support/shop-data.ts';
import { screenshot } from '../support/screens.ts';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from '../support/storefront-checks.ts';

const DESKTOP = { width: 1280, height: 900 };
const SIZES = [
  { name: 'desktop', viewport: DESKTOP },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** The shop's bKash number, as e2e/playwright.config.ts configures it. */
const BKASH_NUMBER = '01711-000000';

/** A transaction ID no other claim of the run has. */
const transactionId = () =>
  `TX${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  return (await browser.newContext({ viewport })).newPage();
}

const paymentBox = (page: Page) => page.getByRole('region', { name: 'Payment' });

/** The value beside `term` in the payment box's figures. */
const figure = (page: Page, term: string): Locator =>
  paymentBox(page).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

/** Where the buyer pays, at the top of the order's page. */
const payHere = (page: Page) => page.getByRole('region', { name: 'Pay by bKash' });

const claimForm = (page: Page) => payHere(page).getByRole('form', { name: 'Your bKash payment' });

const verifyingNote = (page: Page) => page.getByText(/^We are verifying your payment of/);

/** Sends the claim form and answers the `_id` of the claim the shop took. */
async function claim(page: Page, sender: string, id: string): Promise<string> {
  const form = claimForm(page);
  await form.getByLabel('Your bKash number', { exact: true }).fill(sender);
  await form.getByLabel('Transaction ID', { exact: true }).fill(id);
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/api\/orders\/[^/]+\/payments$/.test(response.url()),
  );
  await form.getByRole('button', { name: 'Submit payment' }).click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { _id: string })._id;
}

for (const { name, viewport } of SIZES) {
  test(`a buyer pays a bKash order on its page: a rejected claim, then a good one an admin accepts (${name})`, async ({
    browser,
  }) => {
    const seller = await newPage(browser, viewport);
    await signUpViaApi(seller, { name: 'Wes Wallets' });
    const product = await createProductViaApi(seller.request, {
      name: `Jute bag ${Date.now().toString(36)}`,
      price: 20,
      discount: 0,
    });
    const page = await newPage(browser, viewport);
    await signUpViaApi(page, { name: 'Bina Buyer' });
    const admin = await newPage(browser, viewport);
    await signInAsAdminViaApi(admin);

    // Checkout offers what the shop takes; bKash, then Place Order opens the order's page.
    await page.goto(`/product/${product._id}`);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    const details = page.getByRole('form', { name: 'Order details' });
    const methods = details.getByRole('group', { name: 'Payment Method' }).getByRole('radio');
    await expect(methods).toHaveCount(4);
    await expect(methods.first()).toBeChecked();
    await details.getByLabel('Phone', { exact: true }).fill('+880 1712 345678');
    await details.getByLabel('Address', { exact: true }).fill('9 Wallet Lane, Dhaka');
    await details.getByRole('radio', { name: 'bKash' }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(ORDER_PAGE_URL);
    const number = new URL(page.url()).pathname.split('/').pop() ?? '';
    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeFocused();

    // $20.00 and the seller's $10.00 of shipping, to the shop's bKash number, first thing on the page.
    const box = paymentBox(page);
    await expect(figure(page, 'Method')).toHaveText('bKash');
    await expect(figure(page, 'Status')).toHaveText('Unpaid');
    await expect(figure(page, 'Due')).toHaveText('$30.00');
    await expect(payHere(page)).toContainText(`Send $30.00 by bKash to ${BKASH_NUMBER}`);
    await expect(payHere(page).getByRole('listitem')).toHaveText([
      `In your bKash app, choose Send Money and enter ${BKASH_NUMBER}.`,
      'Send exactly $30.00 and keep the transaction ID you are given.',
      'Give your bKash number and the transaction ID here.',
    ]);
    await expect(payHere(page)).toBeInViewport();
    await expect(claimForm(page)).toContainText('Amount $30.00');

    // A transaction ID with a dash is refused beside its field, which then has the focus.
    const form = claimForm(page);
    const idField = form.getByLabel('Transaction ID', { exact: true });
    await form.getByLabel('Your bKash number', { exact: true }).fill('01712-345678');
    await idField.fill('8N7A-6D5B');
    await form.getByRole('button', { name: 'Submit payment' }).click();
    await expect(idField).toBeFocused();
    await expect(idField).toHaveAttribute('aria-invalid', 'true');
    await expect(idField).toHaveAccessibleDescription('The transaction ID holds letters and digits only');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `pay-by-wallet-form-${name}`);

    const first = await claim(page, '01712-345678', transactionId());
    await expect(figure(page, 'Status')).toHaveText('Awaiting verification');
    await expect(verifyingNote(page)).toContainText('We are verifying your payment of $30.00');
    await expect(verifyingNote(page)).toBeFocused();
    await expect(payHere(page)).toHaveCount(0);
    await expect(box.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveCount(1);
    await screenshot(page, `pay-by-wallet-verifying-${name}`);

    // Rejected: the reason, the tries left, and the form again.
    await decideViaApi(admin.request, first, 'reject', 'No payment with this transaction ID arrived');
    await page.reload();
    await expect(figure(page, 'Status')).toHaveText('Unpaid');
    await expect(payHere(page)).toContainText(
      'Your payment was not verified: “No payment with this transaction ID arrived”. Check the details and send them again (2 tries left).',
    );
    await expect(box.getByRole('list', { name: 'History' }).getByRole('listitem').last()).toContainText(
      'Payment of $30.00 not verified: “No payment with this transaction ID arrived”',
    );
    await expect(claimForm(page)).toHaveAccessibleDescription(/No payment with this transaction ID arrived/);
    await screenshot(page, `pay-by-wallet-rejected-${name}`);
    const second = await claim(page, '01712-345678', transactionId());
    await expect(figure(page, 'Status')).toHaveText('Awaiting verification');

    // Accepted: paid, nothing due, nothing left to send.
    await decideViaApi(admin.request, second, 'accept');
    await page.reload();
    await expect(figure(page, 'Status')).toHaveText('Paid');
    await expect(figure(page, 'Paid')).toHaveText('$30.00');
    await expect(figure(page, 'Due')).toHaveText('$0.00');
    await expect(payHere(page)).toHaveCount(0);
    await expect(verifyingNote(page)).toHaveCount(0);
    await expect(box.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveCount(4);
    await expect(box.getByRole('list', { name: 'History' }).getByRole('listitem').last()).toContainText(
      'Payment of $30.00 verified',
    );
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `pay-by-wallet-paid-${name}`);

    // The orders list says it too.
    await page.getByRole('link', { name: 'All orders' }).click();
    const row = page
      .getByRole('region', { name: 'Orders table' })
      .locator('tbody tr')
      .filter({ hasText: number });
    await expect(row.locator('td[data-label="Payment"]')).toHaveText('PaidDue $0.00');
    await screenshot(page, `pay-by-wallet-orders-${name}`);

    // The seller sees their part paid, and nothing of what the buyer sent.
    await seller.goto(`/dashboard/sales/${number}`);
    await expect(figure(seller, 'Status')).toHaveText('Paid');
    await expect(paymentBox(seller).getByRole('form')).toHaveCount(0);
    await expect(paymentBox(seller)).not.toContainText('01712-345678');
  });
}

test('the receipt keeps the payment and its history, not the form', async ({ browser }) => {
  const seller = await newPage(browser, DESKTOP);
  await signUpViaApi(seller, { name: 'Rita Receipts' });
  const product = await createProductViaApi(seller.request, { price: 12, discount: 0 });
  const page = await newPage(browser, DESKTOP);
  await signUpViaApi(page, { name: 'Pat Printer' });
  const order = await placeOrderViaApi(page.request, [{ productId: product._id, quantity: 1 }], {
    paymentMethod: 'bkash',
  });
  // A claim rejected: the history has two events, and the form is offered again.
  const claimId = await claimViaApi(page.request, order._id, { amount: 22, transactionId: transactionId() });
  const admin = await newPage(browser, DESKTOP);
  await signInAsAdminViaApi(admin);
  await decideViaApi(admin.request, claimId, 'reject', 'Not received');

  await page.goto(`/dashboard/orders/${order.number}`);
  await expect(claimForm(page)).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  const unseen = { includeHidden: true };
  await expect(page.getByRole('form', { name: 'Your bKash payment', ...unseen })).toBeAttached();
  await expect(page.getByRole('form', { name: 'Your bKash payment', ...unseen })).toBeHidden();
  await expect(page.getByText('Send $22.00 by bKash')).toBeHidden();
  await expect(figure(page, 'Method')).toHaveText('bKash');
  await expect(figure(page, 'Status')).toHaveText('Unpaid');
  await expect(figure(page, 'Due')).toHaveText('$22.00');
  await expect(paymentBox(page).getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveText([
    /\$22\.00 sent by bKash, transaction ID TX\w+$/,
    /Payment of \$22\.00 not verified: “Not received”$/,
  ]);
  await screenshot(page, 'pay-by-wallet-receipt-print');
});

test('the shop’s refusals of a claim are shown: another amount due beside the button, a used ID at its field', async ({
  browser,
}) => {
  const mia = await newPage(browser, DESKTOP);
  await signUpViaApi(mia, { name: 'Mia Mats' });
  const leo = await newPage(browser, DESKTOP);
  await signUpViaApi(leo, { name: 'Leo Lids' });
  const mat = await createProductViaApi(mia.request, { price: 10, discount: 0 });
  const lid = await createProductViaApi(leo.request, { price: 10, discount: 0 });
  const page = await newPage(browser, DESKTOP);
  await signUpViaApi(page, { name: 'Ria Refused' });
  const both = [
    { productId: mat._id, quantity: 1 },
    { productId: lid._id, quantity: 1 },
  ];
  const order = await placeOrderViaApi(page.request, both, { paymentMethod: 'bkash' });
  // The buyer's other order claims an ID first: it pays that order only.
  const other = await placeOrderViaApi(page.request, [{ productId: mat._id, quantity: 1 }], {
    paymentMethod: 'bkash',
  });
  const usedId = transactionId();
  await claimViaApi(page.request, other._id, { amount: 20, transactionId: usedId });

  await page.goto(`/dashboard/orders/${order.number}`);
  await expect(claimForm(page)).toContainText('Amount $40.00');
  // Leo cancels his part while the page is open: $20.00 is due now, not $40.00.
  await moveSaleViaApi(leo.request, order._id, 'cancelled', 'The lids cracked');

  const form = claimForm(page);
  const idField = form.getByLabel('Transaction ID', { exact: true });
  await form.getByLabel('Your bKash number', { exact: true }).fill('01712-000002');
  await idField.fill(usedId);
  await form.getByRole('button', { name: 'Submit payment' }).click();
  const refusal = form.getByRole('alert');
  await expect(refusal).toHaveText('The amount due is $20.00: send exactly that.');
  await expect(form.getByRole('button', { name: 'Submit payment' })).toHaveAccessibleDescription(
    'The amount due is $20.00: send exactly that.',
  );
  await expect(form).toContainText('Amount $20.00');
  await expect(payHere(page)).toContainText('Send $20.00 by bKash');

  await form.getByRole('button', { name: 'Submit payment' }).click();
  await expect(idField).toHaveAccessibleDescription(
    `The transaction ID ${usedId} was already used to pay an order.`,
  );
  await expect(idField).toBeFocused();
  await expect(refusal).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await claim(page, '01712-000002', transactionId());
  await expect(figure(page, 'Status')).toHaveText('Awaiting verification');
  await expect(verifyingNote(page)).toContainText('We are verifying your payment of $20.00');
});
