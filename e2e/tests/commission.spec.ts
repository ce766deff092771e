import { expect, test } from '@playwright/test';
import { signedInPage, signInAsAdminViaApi } from '../support/auth.ts';
import { screenshot } from '../support/screens.ts';
import { placeOrderViaApi, signedInSeller } from '../support/shop-data.ts';

// The e2e shop is started with COMMISSION_PERCENT=10 (playwright.config.ts). Other journeys run at the same time
// on the same shop, so this one never leaves another rate in force.
test("an admin sees the shop's commission on the Payments page; a seller sees it beside each sale", async ({
  browser,
}) => {
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAsAdminViaApi(admin);
  await admin.goto('/dashboard/payments');
  const commission = admin.getByRole('region', { name: 'Commission' });
  const rate = commission.getByLabel('Commission (%)');
  await expect(rate).toHaveValue('10');
  // A rate that is not a percentage is refused beside the field, and nothing is saved.
  await rate.fill('12.345');
  await commission.getByRole('button', { name: 'Save commission' }).click();
  await expect(commission.getByText('The commission has at most two decimals')).toBeVisible();
  await expect(rate).toHaveAttribute('aria-invalid', 'true');
  // Emptied, the rate the shop was started with stands.
  await rate.fill('');
  await commission.getByRole('button', { name: 'Save commission' }).click();
  await expect(admin.getByText('Commission saved: orders placed from now on take it')).toBeVisible();
  await expect(rate).toHaveValue('10');
  await screenshot(admin, 'commission-setting');

  // 2 × $18.00 of goods: the shop keeps 10 %, $3.60; the shipping is the seller's.
  const mia = await signedInSeller(browser, 'Mia Mugs', 'Stoneware mug', {
    viewport: { width: 390, height: 844 },
  });
  const buyer = await signedInPage(browser, 'Bea Buyer');
  const placed = await placeOrderViaApi(buyer.request, [{ productId: mia.product._id, quantity: 2 }]);
  await mia.page.goto('/dashboard/sales');
  const sale = mia.page.getByRole('article', { name: 'Order of Bea Buyer' });
  await expect(sale).toContainText('Commission$3.60 (10 % of the goods)');
  await screenshot(mia.page, 'commission-sale-phone');
  await sale.getByRole('link', { name: placed.number }).click();
  await expect(mia.page.getByText('Commission: $3.60 (10 % of the goods)')).toBeVisible();

  // The buyer's own order says nothing of it.
  await buyer.goto(`/dashboard/orders/${placed.number}`);
  await expect(buyer.getByRole('heading', { level: 1, name: `Order ${placed.number}` })).toBeVisible();
  await expect(buyer.getByText('Commission')).toHaveCount(0);
});
