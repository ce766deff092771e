import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signedInPage, signInAsAdminViaApi } from '../support/auth.ts';
import { earningsEntries as entries, earningsTile as tile, openEarnings } from '../support/earnings.ts';
import { claimViaApi, decideViaApi } from '../support/payments.ts';
import { moveSaleViaApi, placeOrderViaApi, signedInSeller } from '../support/shop-data.ts';
import { screenshot } from '../support/screens.ts';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from '../support/storefront-checks.ts';

// The run's shop (playwright.config.ts) takes a 10 % commission and holds no credit back (PAYOUT_HOLD_DAYS=0).

/** A transaction ID no other claim of the run has. */
const transactionId = () =>
  `TX${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

test('a bKash sale delivered shows its credit less commission; a payout the admin records lowers the balance', async ({
  browser,
}) => {
  const seller = await signedInSeller(browser, 'Esme Earner', 'Clay pot');
  const buyer = await signedInPage(browser, 'Bo Buyer');
  // Two pots at $18: $36 of goods and $10 shipping; the shop takes $3.60.
  const order = await placeOrderViaApi(buyer.request, [{ productId: seller.product._id, quantity: 2 }], {
    paymentMethod: 'bkash',
  });
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdminViaApi(admin);
  const claimId = await claimViaApi(buyer.request, order._id, { amount: 46, transactionId: transactionId() });
  await decideViaApi(admin.request, claimId, 'accept');
  await moveSaleViaApi(seller.page.request, order._id, 'shipped');

  // Nothing is earned before the buyer has the pots.
  await openEarnings(seller.page);
  await expect(tile(seller.page, 'Balance')).toHaveText('$0.00');
  await expect(seller.page.getByText('No entries yet')).toBeVisible();

  // The seller marks it delivered on the Sales page.
  await seller.page.goto('/dashboard/sales');
  await seller.page
    .getByRole('article', { name: 'Order of Bo Buyer' })
    .getByRole('button', { name: 'Mark delivered' })
    .click();
  await expect(seller.page.getByText('Marked delivered', { exact: true })).toBeVisible();

  await openEarnings(seller.page);
  await expect(tile(seller.page, 'Balance')).toHaveText('$42.40');
  await expect(tile(seller.page, 'Available for payout')).toHaveText('$42.40');
  expect(await entries(seller.page)).toEqual([
    [order.number, "Shop's commission", '-$3.60'],
    [order.number, 'Shipping delivered', '+$10.00'],
    [order.number, 'Goods delivered', '+$36.00'],
  ]);
  await expectNoSeriousA11yViolations(seller.page);
  await screenshot(seller.page, 'earnings-credit-desktop');

  // The admin records a payout on Sellers' balances: more than is available is refused beside the amount.
  await admin.goto('/dashboard');
  await admin
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: "Sellers' balances" })
    .click();
  const row = admin
    .getByRole('region', { name: "Sellers' balances" })
    .getByRole('row')
    .filter({ hasText: 'Esme Earner' });
  await expect(row.getByRole('cell').nth(0)).toHaveText('$42.40');
  await row.getByRole('button', { name: 'Record payout to Esme Earner' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Record a payout to Esme Earner' });
  await expect(dialog.getByLabel('Amount')).toHaveValue('42.40');
  await dialog.getByLabel('Amount').fill('50');
  await dialog.getByLabel('Reference').fill('BK-PAYOUT-1');
  await dialog.getByRole('button', { name: 'Record payout' }).click();
  await expect(dialog.getByText('Only $42.40 may be paid out to Esme Earner now.')).toBeVisible();
  await screenshot(admin, 'balances-refused-desktop');
  await dialog.getByLabel('Amount').fill('40');
  await dialog.getByRole('button', { name: 'Record payout' }).click();
  await expect(admin.getByText('Payout to Esme Earner recorded')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByRole('cell').nth(0)).toHaveText('$2.40');
  await screenshot(admin, 'balances-desktop');

  await seller.page.reload();
  await expect(tile(seller.page, 'Balance')).toHaveText('$2.40');
  await expect(
    seller.page.getByRole('region', { name: 'Payouts' }).getByRole('row').filter({ hasText: 'BK-PAYOUT-1' }),
  ).toContainText('$40.00');
  expect((await entries(seller.page))[0]).toEqual(['—', 'Payout: BK-PAYOUT-1', '-$40.00']);

  // The month's statement downloads as a CSV file: the sale's entries and the payout, then the totals.
  const download = seller.page.waitForEvent('download');
  await seller.page.getByRole('link', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^earnings-\d{4}-\d{2}\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8').split('\r\n');
  expect(csv[0]).toBe('Date,Order,Entry,Goods,Shipping,Commission,Payout,Net');
  expect(csv.filter((line) => line.includes(order.number))).toEqual([
    expect.stringMatching(new RegExp(`,${order.number},Goods delivered,36.00,,,,36.00$`)),
    expect.stringMatching(new RegExp(`,${order.number},Shipping delivered,,10.00,,,10.00$`)),
    expect.stringMatching(new RegExp(`,${order.number},Shop's commission,,,-3.60,,-3.60$`)),
  ]);
  expect(csv).toContainEqual(expect.stringMatching(/,,Payout: BK-PAYOUT-1,,,,-40.00,-40.00$/));
});

test('a cash-on-delivery sale delivered shows the commission the seller owes the shop (390 px)', async ({
  browser,
}) => {
  const phone = { viewport: { width: 390, height: 844 } };
  const seller = await signedInSeller(browser, 'Cato Cash', 'Rope basket', phone);
  const buyer = await signedInPage(browser, 'Cy Buyer');
  // One basket at $18: the courier hands the seller $28, of which the shop's $1.80 is owed.
  const order = await placeOrderViaApi(buyer.request, [{ productId: seller.product._id, quantity: 1 }]);
  await moveSaleViaApi(seller.page.request, order._id, 'shipped');
  await moveSaleViaApi(seller.page.request, order._id, 'delivered');

  await openEarnings(seller.page);
  await expect(tile(seller.page, 'Balance')).toHaveText('-$1.80');
  await expect(seller.page.getByRole('status')).toHaveText(
    'You owe the shop $1.80: the commission on cash-on-delivery sales, whose cash you kept. It is taken from the next credits.',
  );
  expect(await entries(seller.page)).toEqual([[order.number, "Shop's commission", '-$1.80']]);
  await expectNoSidewaysScroll(seller.page);
  await screenshot(seller.page, 'earnings-owed-phone');

  const admin = await (await browser.newContext(phone)).newPage();
  await signInAsAdminViaApi(admin);
  await admin.goto('/dashboard/balances');
  const owing = admin
    .getByRole('region', { name: "Sellers' balances" })
    .getByRole('row')
    .filter({ hasText: 'Cato Cash' });
  await expect(owing).toContainText('Owes the shop $1.80');
  // Nothing may be paid out to a seller who owes the shop: no payout to record.
  await expect(owing).toContainText('Nothing to pay out yet');
  await expect(owing.getByRole('button', { name: /Record payout/ })).toHaveCount(0);
  await expectNoSidewaysScroll(admin);
  await screenshot(admin, 'balances-phone');
});
