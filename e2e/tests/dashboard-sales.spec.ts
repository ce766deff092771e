import { formatDollars } from '@bazaar/shared/pricing';
import type { Product } from '@bazaar/shared/products';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedInPage, signUpViaApi } from '../support/auth.ts';
import {
  CONTACT,
  orderTotalCents,
  ordersViaApi,
  placeOrderViaApi,
  signedInSeller,
} from '../support/shop-data.ts';
import { screenshot } from '../support/screens.ts';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from '../support/storefront-checks.ts';

function sale(page: Page, buyer: string): Locator {
  return page.getByRole('article', { name: `Order of ${buyer}` });
}

function orderRow(page: Page, address: string): Locator {
  return page.getByRole('region', { name: 'Orders table' }).locator('tbody tr').filter({ hasText: address });
}

/** One seller's part in the buyer's progress list of an order. */
function part(row: Locator, seller: string): Locator {
  return row
    .getByRole('list', { name: 'Progress by seller' })
    .getByRole('listitem')
    .filter({ hasText: seller });
}

async function markOnSalesPage(page: Page, buyer: string, button: string, done: string) {
  await page.goto('/dashboard/sales');
  await sale(page, buyer).getByRole('button', { name: button }).click();
  // Shipping asks how the parcel travels (all optional) before it is marked.
  if (button === 'Mark shipped') await page.getByRole('dialog').getByRole('button', { name: button }).click();
  await expect(page.getByText(done, { exact: true })).toBeVisible();
}

async function stockOf(page: Page, product: Product): Promise<number | null> {
  const response = await page.request.get(`/api/products/${product._id}`);
  return ((await response.json()) as Product).stock;
}

test('a buyer orders from two sellers; each ships their part on the Sales page; the buyer follows each part to delivered and reviews', async ({
  browser,
}) => {
  const mia = await signedInSeller(browser, 'Mia Mugs', 'Stoneware mug');
  const leo = await signedInSeller(browser, 'Leo Lamps', 'Brass lamp');
  const buyer = await signedInPage(browser, 'Bea Buyer');
  const address = `Two Sellers Road ${Date.now().toString(36)}`;
  await placeOrderViaApi(
    buyer.request,
    [
      { productId: mia.product._id, quantity: 2 },
      { productId: leo.product._id, quantity: 1 },
    ],
    { address, phone: '+44 20 7946 0001' },
  );

  // Mia's Sales page: the order with her line only, the buyer's name and where to ship.
  await mia.page.setViewportSize({ width: 1280, height: 900 });
  await mia.page.goto('/dashboard/sales');
  await expect(mia.page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
  const miasSale = sale(mia.page, 'Bea Buyer');
  await expect(miasSale).toContainText(address);
  await expect(miasSale).toContainText('+44 20 7946 0001');
  // Her part: two of her products and her $10.00 of shipping.
  await expect(miasSale).toContainText(
    `Total ${formatDollars(orderTotalCents([{ product: mia.product, quantity: 2 }]))}incl. $10.00 shipping`,
  );
  const miasLines = miasSale.getByRole('list', { name: 'Products' }).getByRole('listitem');
  await expect(miasLines).toHaveCount(1);
  await expect(miasLines).toContainText(mia.product.name);
  await expect(miasLines).toContainText('Qty 2');
  await expect(miasLines).toContainText('processing');
  await expect(miasSale).not.toContainText(leo.product.name);
  await expect(miasSale.getByRole('button')).toHaveText(['Mark shipped', 'Cancel']);
  // Cash on delivery: the courier collects it, so it ships unpaid.
  await expect(miasSale).toContainText('PaymentCash on delivery· collected at delivery');
  await expectNoSeriousA11yViolations(mia.page);

  await miasSale.getByRole('button', { name: 'Mark shipped' }).click();
  await mia.page.getByRole('dialog').getByRole('button', { name: 'Mark shipped' }).click();
  await expect(mia.page.getByText('Marked shipped', { exact: true })).toBeVisible();
  await expect(miasLines).toContainText('shipped');
  await expect(miasSale.getByRole('button')).toHaveText([
    'Mark delivered',
    'Take back shipment',
    'Correct tracking',
  ]);
  // Shipped, not yet delivered: where it goes stays in view.
  await expect(miasSale).toContainText(address);
  await screenshot(mia.page, 'sales-desktop');

  // The status filter lives in the address.
  await mia.page.getByLabel('Status').selectOption('processing');
  await expect(mia.page).toHaveURL(/\?status=processing$/);
  await expect(mia.page.getByText('No processing sales')).toBeVisible();
  await mia.page.getByLabel('Status').selectOption('shipped');
  await expect(miasSale).toBeVisible();
  await mia.page.reload();
  await expect(mia.page.getByLabel('Status')).toHaveValue('shipped');
  await expect(miasSale).toBeVisible();

  // The buyer sees Mia's part shipped and Leo's still processing; Cancel now reaches only Leo's.
  await buyer.setViewportSize({ width: 1280, height: 900 });
  await buyer.goto('/dashboard/orders');
  const row = orderRow(buyer, address);
  await expect(part(row, 'Mia Mugs')).toContainText('shipped');
  await expect(part(row, 'Leo Lamps')).toContainText('processing');
  await expect(
    part(row, 'Mia Mugs').getByRole('progressbar', { name: "Progress of Mia Mugs's part" }),
  ).toHaveAttribute('aria-valuetext', 'shipped');
  await expect(row.getByRole('cell').last()).toHaveText(/^processing/);
  await expect(row.getByRole('button', { name: /^Cancel the rest of order BZ-\d+$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(buyer);
  await screenshot(buyer, 'orders-per-seller-desktop');

  // Leo ships: the order is shipped; then both deliver.
  await markOnSalesPage(leo.page, 'Bea Buyer', 'Mark shipped', 'Marked shipped');
  await buyer.reload();
  await expect(row.getByRole('cell').last()).toHaveText(/^shipped/);
  await expect(part(row, 'Leo Lamps')).toContainText('shipped');
  await expect(row.getByRole('button')).toHaveCount(0);

  await markOnSalesPage(mia.page, 'Bea Buyer', 'Mark delivered', 'Marked delivered');
  await buyer.reload();
  await expect(part(row, 'Mia Mugs')).toContainText('delivered');
  await expect(row.getByRole('cell').last()).toHaveText(/^shipped/);
  await markOnSalesPage(leo.page, 'Bea Buyer', 'Mark delivered', 'Marked delivered');
  await buyer.reload();
  await expect(row.getByRole('cell').last()).toHaveText(/^delivered/);
  await expect(part(row, 'Leo Lamps')).toContainText('delivered');
  expect((await ordersViaApi(buyer.request)).orders[0]?.status).toBe('delivered');

  // On a phone, both pages fit the screen's width.
  for (const page of [buyer, mia.page]) await page.setViewportSize({ width: 390, height: 844 });
  await buyer.reload();
  // The table scrolls sideways in its own box, as a thumb would move it to the status column.
  await part(row, 'Leo Lamps').scrollIntoViewIfNeeded();
  await expect(part(row, 'Leo Lamps')).toContainText('delivered');
  await expectNoSidewaysScroll(buyer);
  await screenshot(buyer, 'orders-per-seller-phone');
  await mia.page.goto('/dashboard/sales');
  await expect(sale(mia.page, 'Bea Buyer')).toContainText('delivered');
  // Delivered, its cash collected: paid.
  await expect(sale(mia.page, 'Bea Buyer')).toContainText('PaymentCash on deliveryPaid');
  // Delivered: Mia has nothing left to send, so the buyer's address and phone are no longer hers to read.
  await expect(sale(mia.page, 'Bea Buyer')).toContainText(
    'Ship toNot shown, nothing of yours left to ship or deliver',
  );
  await expect(sale(mia.page, 'Bea Buyer')).not.toContainText(address);
  await expect(sale(mia.page, 'Bea Buyer')).not.toContainText('+44 20 7946 0001');
  await expectNoSidewaysScroll(mia.page);
  await screenshot(mia.page, 'sales-phone');

  // Delivered: the buyer reviews Mia's mug, and its stars show on the product page and on Mia's page.
  await buyer.setViewportSize({ width: 1280, height: 900 });
  await buyer.goto(`/product/${mia.product._id}`);
  const review = buyer.getByRole('region', { name: 'Reviews' }).getByRole('form', { name: 'Write a review' });
  await review.getByRole('radio', { name: '4 stars' }).check();
  await review.getByLabel('Your review').fill('Holds a big coffee, and the glaze is lovely.');
  await review.getByRole('button', { name: 'Submit review' }).click();
  await expect(buyer.getByRole('article', { name: 'Review by Bea Buyer' })).toContainText(
    'Verified purchase',
  );
  const details = buyer.getByRole('main').getByRole('article').first();
  await expect(details.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(details.getByText('(1 review)')).toBeVisible();
  await details.getByRole('link', { name: 'Mia Mugs', exact: true }).click();
  await expect(buyer).toHaveURL(/\/seller\//);
  await expect(buyer.getByRole('main').getByText('4.0 (1 review)')).toBeVisible();
});

test('a seller cancels their part after confirming; its units go back into stock and the buyer sees it', async ({
  browser,
}) => {
  const mia = await signedInSeller(browser, 'Mia Mugs', 'Enamel cup');
  const buyer = await signedInPage(browser, 'Cal Customer');
  await placeOrderViaApi(buyer.request, [{ productId: mia.product._id, quantity: 3 }], {
    ...CONTACT,
    address: 'Cancel Court 9',
  });
  expect(await stockOf(mia.page, mia.product)).toBe(47);

  await mia.page.goto('/dashboard/sales');
  const miasSale = sale(mia.page, 'Cal Customer');
  const question = mia.page.getByRole('dialog', { name: 'Cancel the order of Cal Customer?' });
  await miasSale.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toContainText('Your items of this order not shipped yet will be cancelled');
  await question.getByRole('button', { name: 'Keep' }).click();
  await expect(question).toBeHidden();
  expect(await stockOf(mia.page, mia.product)).toBe(47);

  // The buyer is told why: the seller must say.
  await miasSale.getByRole('button', { name: 'Cancel' }).click();
  await question.getByRole('button', { name: 'Cancel items' }).click();
  await expect(question.getByRole('alert')).toHaveText('Say why you cancel: the buyer is told.');
  await expect(question.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(mia.page);
  await question.getByLabel('Reason').fill('The enamel chipped in the kiln');
  await question.getByRole('button', { name: 'Cancel items' }).click();
  await expect(mia.page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(miasSale.getByRole('list', { name: 'Products' })).toContainText('cancelled');
  await expect(miasSale.getByRole('button')).toHaveCount(0);
  await expect(miasSale).not.toContainText('Cancel Court 9');
  await expect(miasSale).toContainText('Total now $0.00');
  expect(await stockOf(mia.page, mia.product)).toBe(50);

  await buyer.goto('/dashboard/orders');
  const row = orderRow(buyer, 'Cancel Court 9');
  await expect(row.getByRole('cell').last()).toContainText('cancelled');
  // The total as ordered, what was cancelled and what the order comes to now; who cancelled, and why.
  await expect(row.getByRole('cell').nth(3)).toHaveText(
    /^\$\d+\.\d\dincl\. \$\d+\.\d\d shippingCancelled −\$\d+\.\d\dTotal now \$0\.00$/,
  );
  await expect(row.getByRole('list', { name: 'Cancellations' })).toHaveText(
    `Cancelled by Mia Mugs: “The enamel chipped in the kiln” (${mia.product.name})`,
  );
  await expectNoSeriousA11yViolations(buyer);
  await screenshot(buyer, 'orders-cancelled-by-seller-desktop');
});

test('someone who sold nothing sees no sales', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/dashboard/sales');
  await expect(page.getByText('No Sales Yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
