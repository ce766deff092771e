import type { Order } from '@bazaar/shared/orders';
import type { Product } from '@bazaar/shared/products';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { shopOrigin, signUpViaApi, type SignedUpAccount } from '../support/auth.ts';
import { createProductViaApi, placeOrderViaApi } from '../support/shop-data.ts';
import { screenshot } from '../support/screens.ts';
import { expectNoSeriousA11yViolations } from '../support/storefront-checks.ts';

/** The phone and address a buyer keeps in their profile: their home, which no seller may read. */
const HOME = { phone: '+1 555 0199', address: '7 Private Home Lane' };

/**
 * Signs up a buyer in a browser of their own, with a home in their profile, and places an order through the API, as
 * checkout does; `cancel` cancels it at once.
 */
async function buyerOrders(
  browser: Browser,
  name: string,
  lines: { productId: string; quantity: number }[],
  { cancel = false } = {},
): Promise<{ buyer: SignedUpAccount; order: Order }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const buyer = await signUpViaApi(page, { name, email: uniqueEmail('customer') });
  const saved = await page.request.patch(`/api/users/${encodeURIComponent(buyer.email)}`, {
    data: HOME,
    headers: { origin: shopOrigin() },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const order = await placeOrderViaApi(page.request, lines, { name, email: buyer.email });
  if (cancel) {
    const cancelled = await page.request.patch(`/api/orders/${order._id}/status`, {
      data: { status: 'cancelled' },
      headers: { origin: shopOrigin() },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
  }
  await context.close();
  return { buyer, order };
}

function customerRow(page: Page, buyer: SignedUpAccount) {
  return page.getByRole('row').filter({ hasText: `@${buyer.handle}` });
}

test("a seller sees who bought their products by handle, never their e-mails nor their profile's phone and address, and in Details only their part of each order, with where to ship it while it is to ship", async ({
  page,
  browser,
}) => {
  await signUpViaApi(page, { name: 'Selma Seller', email: uniqueEmail('seller') });
  const lamp = await createProductViaApi(page.request, { name: `Customers Lamp ${Date.now()}` });
  // Another seller's product from the demo catalog, bought in the same order.
  const listed = await page.request.get('/api/products', { params: { limit: 1, offset: 40 } });
  const [otherProduct] = (await listed.json()) as Product[];
  if (!otherProduct) throw new Error('the demo catalog has too few products');

  const { buyer: bea, order } = await buyerOrders(browser, 'Bea Buyer', [
    { productId: lamp._id, quantity: 2 },
    { productId: otherProduct._id, quantity: 1 },
  ]);
  const { buyer: ben } = await buyerOrders(browser, 'Ben Buyer', [{ productId: lamp._id, quantity: 1 }], {
    cancel: true,
  });

  await page.goto('/dashboard/customers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customers');
  await expect(page.getByRole('row')).toHaveCount(3);
  const beaRow = customerRow(page, bea);
  // As shown: the phone's "Select all" beside the box is hidden on a desktop.
  await expect(page.getByRole('columnheader')).toHaveText(['', 'Avatar', 'Name', 'Handle (ID)', 'Orders'], {
    useInnerText: true,
  });
  await expect(beaRow.getByRole('cell')).toHaveText(['', '', `@${bea.handle}`, 'Details of Bea Buyer']);
  expect(bea.handle).toMatch(/^bea-buyer/);
  for (const buyer of [bea, ben]) await expect(page.getByRole('main')).not.toContainText(buyer.email);
  for (const value of Object.values(HOME)) await expect(page.getByRole('main')).not.toContainText(value);
  await screenshot(page, 'customers-desktop');
  await expect(beaRow.getByRole('rowheader')).toHaveText('Bea Buyer');
  // No picture: the default avatar.
  await expect(beaRow.locator('img')).toHaveCount(0);
  await expect(beaRow.locator('svg')).toBeVisible();
  await expect(customerRow(page, ben).getByRole('rowheader')).toHaveText('Ben Buyer');
  await expectNoSeriousA11yViolations(page);

  await beaRow.getByRole('button', { name: 'Details of Bea Buyer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Orders of Bea Buyer' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('Orders of Bea Buyer');
  await expect(dialog).toContainText(`@${bea.handle}`);
  await expect(dialog).not.toContainText(bea.email);
  const shown = dialog.getByRole('article');
  await expect(shown).toHaveCount(1);
  // 2 × $40.00 − 25 % and the seller's $10.00 of shipping; the other seller's product in the same order is not
  // shown, nor counted.
  await expect(shown.getByRole('row')).toHaveText(['ProductQuantityLine total', `${lamp.name}2$60.00`]);
  await expect(shown).toContainText('Total $70.00incl. $10.00 shipping');
  await expect(shown).toContainText('processing');
  await expect(shown).toContainText('Ship to: 1 High Street, London');
  await expect(shown.getByRole('time')).toHaveAttribute('datetime', order.orderTime);
  await expect(shown.getByRole('heading', { level: 3 })).toContainText(order.number);
  await expect(dialog).not.toContainText(otherProduct.name);
  expect(order.totalPrice).toBeGreaterThan(70);
  await expectNoSeriousA11yViolations(page);
  for (const value of Object.values(HOME)) await expect(dialog).not.toContainText(value);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Ben cancelled his order: nothing is left to ship to him, so his address is gone.
  await customerRow(page, ben).getByRole('button', { name: 'Details of Ben Buyer' }).click();
  const bensOrders = page.getByRole('dialog', { name: 'Orders of Ben Buyer' });
  await expect(bensOrders.getByRole('article')).toContainText('cancelled');
  await expect(bensOrders.getByRole('article')).toContainText(
    'Ship to: not shown, nothing of yours left to ship or deliver',
  );
  await expect(bensOrders).not.toContainText('1 High Street, London');
  await screenshot(page, 'customer-cancelled-orders');
  await bensOrders.getByRole('button', { name: 'Close' }).click();
  await expect(bensOrders).toBeHidden();

  const selectAll = page.getByRole('checkbox', { name: 'Select all customers' });
  const rowBoxes = page.getByRole('checkbox', { name: /^Select (?!all)/ });
  await expect(rowBoxes).toHaveCount(2);
  await page.getByRole('checkbox', { name: `Select Bea Buyer (@${bea.handle})` }).check();
  await expect(page.getByText('1 selected')).toBeVisible();
  await expect(selectAll).not.toBeChecked();

  await selectAll.check();
  for (const box of await rowBoxes.all()) await expect(box).toBeChecked();
  await expect(page.getByText('2 selected')).toBeVisible();

  await selectAll.uncheck();
  for (const box of await rowBoxes.all()) await expect(box).not.toBeChecked();
  await expect(page.getByText('0 selected')).toBeVisible();
});

test('a user whose products nobody bought sees No Customers Found', async ({ page }) => {
  await signUpViaApi(page, { email: uniqueEmail('lonely-seller') });
  await page.goto('/dashboard/customers');
  await expect(page.getByText('No Customers Found')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
