import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { shopOrigin, signInAsAdminViaApi, signUpViaApi, type SignedUpAccount } from '../support/auth.ts';
import { createProductViaApi, moveSaleViaApi, placeOrderViaApi } from '../support/shop-data.ts';
import { screenshot } from '../support/screens.ts';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from '../support/storefront-checks.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A page in a browser context of its own (axe reads pages of a context), signed in as a new user of that name. */
async function signedIn(browser: Browser, name: string): Promise<{ page: Page; account: SignedUpAccount }> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  return { page, account: await signUpViaApi(page, { name }) };
}

/**
 * Mia sells mugs at $20 less 10% and ships a part for the shop's default $10; Leo sells a lamp at $30 and ships for
 * $4.50. Bea orders two mugs and a lamp: $36 + $10 and $30 + $4.50, $80.50 in all.
 */
async function twoSellersOrder(browser: Browser) {
  const mia = await signedIn(browser, 'Mia Mugs');
  const leo = await signedIn(browser, 'Leo Lamps');
  const bea = await signedIn(browser, 'Bea Buyer');
  const tag = Date.now().toString(36);
  const mug = await createProductViaApi(mia.page.request, {
    name: `Stoneware mug ${tag}`,
    price: 20,
    discount: 10,
  });
  const lamp = await createProductViaApi(leo.page.request, {
    name: `Brass lamp ${tag}`,
    price: 30,
    discount: 0,
  });
  const terms = await leo.page.request.patch(`/api/users/${encodeURIComponent(leo.account.email)}`, {
    data: { shippingFee: 4.5 },
    headers: { origin: shopOrigin() },
  });
  expect(terms.ok(), await terms.text()).toBe(true);
  const address = `7 Receipt Row ${tag}`;
  const order = await placeOrderViaApi(
    bea.page.request,
    [
      { productId: mug._id, quantity: 2 },
      { productId: lamp._id, quantity: 1 },
    ],
    { name: 'Bea Buyer', address, phone: '+44 20 7946 0002', email: 'bea@example.com' },
  );
  expect(order.totalPrice).toBe(80.5);
  return { mia, leo, bea, mug, lamp, address, order };
}

function part(page: Page, name: string): Locator {
  return page.getByRole('region', { name });
}

function summary(page: Page): Locator {
  return page.getByRole('region', { name: 'Summary' });
}

test('the buyer opens an order from the list: its lines, each seller’s part and shipping, the totals; then cancels the rest', async ({
  browser,
}) => {
  const { mia, bea, mug, lamp, address, order } = await twoSellersOrder(browser);
  const page = bea.page;

  await page.goto('/dashboard/orders');
  const row = page
    .getByRole('region', { name: 'Orders table' })
    .locator('tbody tr')
    .filter({ hasText: address });
  await row.getByRole('link', { name: order.number }).click();
  await expect(page).toHaveURL(`/dashboard/orders/${order.number}`);
  await expect(page).toHaveTitle(`Order ${order.number} — Bazaar`);
  const heading = page.getByRole('heading', { level: 1, name: `Order ${order.number}` });
  await expect(heading).toBeFocused();

  const mias = part(page, 'From Mia Mugs');
  await expect(mias.getByRole('listitem')).toHaveText([`${mug.name}2 × $18.00 (10% off $20.00)$36.00`]);
  await expect(mias.getByRole('img', { name: mug.name })).toBeVisible();
  await expect(mias.getByRole('definition')).toHaveText(['$36.00', '$10.00']);
  await expect(mias.getByRole('progressbar', { name: 'Progress of Mia Mugs' })).toHaveAttribute(
    'aria-valuetext',
    'processing',
  );
  const leos = part(page, 'From Leo Lamps');
  await expect(leos.getByRole('listitem')).toHaveText([`${lamp.name}1 × $30.00$30.00`]);
  await expect(leos.getByRole('definition')).toHaveText(['$30.00', '$4.50']);
  await expect(summary(page).getByRole('term')).toHaveText(['Subtotal', 'Shipping', 'Total']);
  await expect(summary(page).getByRole('definition')).toHaveText(['$66.00', '$14.50', '$80.50']);
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await expect(delivery).toContainText(address);
  await expect(delivery).toContainText('+44 20 7946 0002');
  await expect(delivery).toContainText('bea@example.com');
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByRole('term')).toHaveText(['Method', 'Status', 'Paid', 'Refunded', 'Due']);
  await expect(payment.getByRole('definition')).toHaveText([
    'Cash on delivery',
    'Unpaid',
    '$0.00',
    '$0.00',
    '$80.50',
  ]);
  await expect(payment).toContainText('Paid in cash to the courier when each seller’s part is delivered.');
  await expect(payment.getByRole('form')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'order-page-desktop');

  // Mia ships her part: the buyer's Cancel now reaches only Leo's lamp.
  await moveSaleViaApi(mia.page.request, order._id, 'shipped');
  await page.reload();
  await expect(mias.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'shipped');
  await summary(page)
    .getByRole('button', { name: `Cancel the rest of order ${order.number}` })
    .click();
  const question = page.getByRole('dialog', {
    name: `Cancel what has not shipped of order ${order.number}?`,
  });
  await expect(question).toContainText(`${lamp.name} will be cancelled; what has shipped still comes.`);
  await question.getByRole('button', { name: 'Cancel the rest' }).click();
  await expect(page.getByText('The rest of the order is cancelled', { exact: true })).toBeVisible();

  await expect(leos.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'cancelled');
  // Leo's part cancelled whole: its shipping is not due either.
  await expect(leos.getByRole('definition')).toHaveText(['$30.00', '$4.50', '$0.00']);
  await expect(summary(page).getByRole('term')).toHaveText([
    'Subtotal',
    'Shipping',
    'Total',
    'Cancelled',
    'Total now',
  ]);
  await expect(summary(page).getByRole('definition')).toHaveText([
    '$66.00',
    '$14.50',
    '$80.50',
    '−$34.50',
    '$46.00',
  ]);
  await expect(summary(page).getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('$46.00');

  // On a phone the page is one column that fits the screen.
  await page.setViewportSize(PHONE);
  await expect(heading).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'order-page-phone');
  await expectNoSeriousA11yViolations(page);

  // Back in the list, the number leads there and the total says what is due.
  await page.getByRole('link', { name: 'All orders' }).click();
  await expect(row.getByRole('cell').nth(3)).toHaveText(
    '$80.50incl. $14.50 shippingCancelled −$34.50Total now $46.00',
  );
});

test('the printed page is the receipt: the shop’s name, the number, the date, the lines and totals, no menus or buttons', async ({
  browser,
}) => {
  const { bea, mug, address, order } = await twoSellersOrder(browser);
  const page = bea.page;
  // The browser's print dialog would wait for a person: count the calls instead.
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  // Any letter case names the order.
  await page.goto(`/dashboard/orders/${order.number.toLowerCase()}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
  await page.getByRole('button', { name: 'Print receipt' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  const shopName = page.getByRole('main').getByText('Bazaar', { exact: true });
  await expect(shopName).toBeHidden();

  await page.emulateMedia({ media: 'print' });
  // Hidden elements leave the accessibility tree: found with includeHidden, they must be there and unseen.
  const unseen = { includeHidden: true };
  await expect(page.getByRole('banner', unseen)).toBeAttached();
  await expect(page.getByRole('banner', unseen)).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Dashboard', ...unseen })).toBeHidden();
  await expect(page.getByRole('contentinfo', unseen)).toBeHidden();
  await expect(page.getByRole('link', { name: 'All orders', ...unseen })).toBeHidden();
  const buttons = page.getByRole('main').getByRole('button', unseen);
  await expect(buttons).toHaveText(['Print receipt', 'Cancel']);
  for (const button of await buttons.all()) await expect(button).toBeHidden();
  const main = page.getByRole('main');
  await expect(shopName).toBeVisible();
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.number}`);
  await expect(main.locator('time')).toHaveAttribute('datetime', order.orderTime);
  await expect(main.locator('time')).toBeVisible();
  await expect(part(page, 'From Mia Mugs')).toContainText(mug.name);
  await expect(part(page, 'From Leo Lamps')).toContainText('$4.50');
  await expect(summary(page).getByRole('definition')).toHaveText(['$66.00', '$14.50', '$80.50']);
  await expect(page.getByRole('region', { name: 'Delivery' })).toContainText(address);
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Cash on delivery');
  // About the printable width of an A4 page.
  await page.setViewportSize({ width: 720, height: 1000 });
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'order-receipt-print');
});

test('a seller opens their sale’s page from Sales: their part, the buyer, where to send it; they ship and deliver there', async ({
  browser,
}) => {
  const { mia, bea, mug, lamp, address, order } = await twoSellersOrder(browser);
  const page = mia.page;

  await page.goto('/dashboard/sales');
  await page
    .getByRole('article', { name: 'Order of Bea Buyer' })
    .getByRole('link', { name: order.number })
    .click();
  await expect(page).toHaveURL(`/dashboard/sales/${order.number}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeFocused();
  await expect(page.getByText('Your part of the order of Bea Buyer')).toBeVisible();
  const own = part(page, 'Your items');
  await expect(own.getByRole('listitem')).toHaveText([`${mug.name}2 × $18.00 (10% off $20.00)$36.00`]);
  await expect(page.getByRole('main')).not.toContainText(lamp.name);
  await expect(summary(page).getByRole('definition')).toHaveText(['$36.00', '$10.00', '$46.00']);
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await expect(delivery).toContainText(address);
  await expect(delivery).toContainText('+44 20 7946 0002');
  // The buyer's e-mail is never a seller's.
  await expect(page.getByRole('main')).not.toContainText('bea@example.com');
  await expect(summary(page).getByRole('button')).toHaveText(['Mark shipped', 'Cancel']);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'sale-page-desktop');

  await summary(page).getByRole('button', { name: 'Mark shipped' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByText('Marked shipped', { exact: true })).toBeVisible();
  await expect(own.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'shipped');
  await summary(page).getByRole('button', { name: 'Mark delivered' }).click();
  await expect(page.getByText('Marked delivered', { exact: true })).toBeVisible();
  // Delivered: nothing left to send, so where it went is no longer the seller's to read.
  await expect(delivery).toContainText('Not shown, nothing of yours left to ship or deliver');
  await expect(delivery).not.toContainText(address);
  await expect(summary(page).getByRole('button')).toHaveCount(0);

  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'sale-page-phone');

  // The buyer may now review the delivered mug from the order's page; the lamp is still on its way.
  await bea.page.goto(`/dashboard/orders/${order.number}`);
  await expect(part(bea.page, 'From Leo Lamps').getByRole('link', { name: /Write a review/ })).toHaveCount(0);
  await part(bea.page, 'From Mia Mugs')
    .getByRole('link', { name: `Write a review of ${mug.name}` })
    .click();
  await expect(bea.page).toHaveURL(`/product/${mug._id}#reviews`);
  await expect(bea.page.getByRole('form', { name: 'Write a review' })).toBeInViewport();
});

test('a number that is not the viewer’s shows Order not found, as does one no order has', async ({
  browser,
}) => {
  const { order } = await twoSellersOrder(browser);
  const { page } = await signedIn(browser, 'Sid Stranger');

  for (const number of [order.number, 'BZ-999999999999']) {
    await page.goto(`/dashboard/orders/${number}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeFocused();
    await expect(page).toHaveTitle('Order not found — Bazaar');
    await expect(page.getByRole('main')).toContainText(
      `There is no order ${number} among yours or your sales.`,
    );
  }
  await page.getByRole('link', { name: 'Your orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('an admin opens any order whole from Sales, and moves every part of it', async ({ browser }) => {
  const { order, address } = await twoSellersOrder(browser);
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInAsAdminViaApi(page);

  await page.goto(`/dashboard/sales/${order.number}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeFocused();
  await expect(page.getByRole('link', { name: 'All sales' })).toBeVisible();
  await expect(part(page, 'From Mia Mugs')).toBeVisible();
  await expect(part(page, 'From Leo Lamps')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delivery' })).toContainText(address);
  await expect(summary(page).getByRole('button')).toHaveText(['Ship', 'Cancel']);
  await summary(page)
    .getByRole('button', { name: `Ship order ${order.number}` })
    .click();
  await expect(page.getByText('Order shipped', { exact: true })).toBeVisible();
  for (const name of ['From Mia Mugs', 'From Leo Lamps'])
    await expect(part(page, name).getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'shipped');
  await expect(summary(page).getByRole('button')).toHaveText(['Deliver', 'Cancel']);
  await expectNoSeriousA11yViolations(page);
});
