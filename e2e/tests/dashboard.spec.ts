import type { Category } from '@bazaar/shared/categories';
import { screenshot } from '../support/screens.ts';
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdminViaApi, signUpViaApi } from '../support/auth.ts';
import { createProductViaApi, moveSaleViaApi, placeOrderViaApi } from '../support/shop-data.ts';
import { expectNoSeriousA11yViolations } from '../support/storefront-checks.ts';

const MENU = [
  'Overview',
  'Add Product',
  'Products',
  'Orders',
  'Sales',
  'Customers',
  'Reviews',
  'Earnings',
  'Profile',
  'Home',
];

const menu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const tile = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByRole('term').filter({ hasText: label }) })
    .getByRole('definition');
/** A figure in the table that stands beside each chart for screen readers. */
const chartValue = (page: Page, chart: string, row: string) =>
  page.getByRole('table', { name: chart }).getByRole('row', { name: row }).getByRole('cell');

const thisMonth = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
}).format(new Date());

test('the dashboard waits for the session with a loader, then shows the page beside its side menu', async ({
  page,
}) => {
  await page.goto('/');
  await signUpViaApi(page, { name: 'Dina Dashboard' });

  let releaseSession = () => {};
  const sessionHeld = new Promise<void>((resolve) => (releaseSession = resolve));
  await page.route('**/api/auth/get-session', async (route) => {
    await sessionHeld;
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('status').filter({ hasText: 'Checking your session…' })).toBeVisible();
  releaseSession();

  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(menu(page).getByRole('link')).toHaveText(MENU);
  await expect(menu(page).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');

  await menu(page).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL('/dashboard/orders');
  await expect(menu(page).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  await menu(page).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL('/');
});

test('an unknown dashboard path shows the error page beside the side menu', async ({ page }) => {
  await page.goto('/');
  await signUpViaApi(page);
  await page.goto('/dashboard/no-such-page');
  await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(menu(page)).toBeVisible();
  await page.getByRole('link', { name: 'HomePage' }).click();
  await expect(page).toHaveURL('/');
});

test("a seller's overview counts their own products and sales, and follows a new order", async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await signUpViaApi(page, { name: 'Sol Seller' });
  const lamp = await createProductViaApi(page.request, {
    name: 'Overview Lamp',
    price: 40,
    discount: 25,
    categories: ['lamps', 'desk'],
  });
  // Six counted: the order below takes one and leaves five, which is low.
  const pad = await createProductViaApi(page.request, {
    name: 'Overview Pad',
    price: 10,
    discount: 0,
    categories: ['desk'],
    stock: 6,
  });

  await page.goto('/dashboard');
  await expect(page.getByText('Your products, your sales and your customers.')).toBeVisible();
  await expect(tile(page, 'To Ship')).toHaveText('0');
  await expect(tile(page, 'Low Stock')).toHaveText('0');
  await expect(tile(page, 'Total Products')).toHaveText('2');
  await expect(tile(page, 'Total Orders')).toHaveText('0');
  await expect(tile(page, 'Total Revenue')).toHaveText('$0.00');
  // The shop's accounts and categories are the admin's figures.
  await expect(page.getByText('Total Users', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Total Categories', { exact: true })).toHaveCount(0);
  // Nothing sold yet: each chart says so instead of drawing an empty frame; the figures stay for screen readers.
  await expect(page.getByText('No sales yet', { exact: true })).toHaveCount(3);
  await expect(page.locator('canvas')).toHaveCount(0);
  await expect(chartValue(page, 'Revenue by month', thisMonth)).toHaveText('$0.00');

  // Another user buys two lamps (2 × $40 × 0.75 = $60) and a pad ($10).
  const buyer = await browser.newPage();
  await buyer.goto('/');
  await signUpViaApi(buyer, { name: 'Bea Buyer' });
  const order = await placeOrderViaApi(buyer.request, [
    { productId: lamp._id, quantity: 2 },
    { productId: pad._id, quantity: 1 },
  ]);
  await buyer.close();

  await page.reload();
  await expect(tile(page, 'To Ship')).toHaveText('1');
  await expect(tile(page, 'Low Stock')).toHaveText('1');
  await expect(tile(page, 'Total Orders')).toHaveText('1');
  // Cash on delivery: nothing is paid until the courier collects it.
  await expect(tile(page, 'Total Revenue')).toHaveText('$0.00');
  await expect(tile(page, 'Total Products')).toHaveText('2');

  await moveSaleViaApi(page.request, order._id, 'shipped');
  await moveSaleViaApi(page.request, order._id, 'delivered');
  await page.reload();
  await expect(tile(page, 'To Ship')).toHaveText('0');
  await expect(tile(page, 'Total Revenue')).toHaveText('$70.00');
  // This month's sale draws the monthly charts; last month's stays empty and says so.
  await expect(page.locator('canvas')).toHaveCount(2);
  await expect(page.getByRole('figure', { name: "Last month's sales by week" })).toContainText(
    'No sales last month',
  );
  await expect(chartValue(page, 'Revenue by month', thisMonth)).toHaveText('$70.00');
  await expect(chartValue(page, 'Monthly sales', thisMonth)).toHaveText('3');
  await expect(page.getByRole('table', { name: "Last month's sales by week" }).getByRole('row')).toHaveText([
    /Week/,
    /Week 1/,
    /Week 2/,
    /Week 3/,
    /Week 4/,
  ]);

  await expectNoSeriousA11yViolations(page);
});

test('the overview follows a sale cancelled in the same visit, without a reload', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await signUpViaApi(page, { name: 'Fay Fresh' });
  const lamp = await createProductViaApi(page.request, { name: 'Fresh Lamp', price: 40, discount: 25 });
  // Another user buys it: nobody buys their own products.
  const buyer = await browser.newPage();
  await buyer.goto('/');
  await signUpViaApi(buyer, { name: 'Bea Buyer' });
  await placeOrderViaApi(buyer.request, [{ productId: lamp._id, quantity: 1 }]);
  await buyer.close();

  await page.goto('/dashboard');
  await expect(tile(page, 'Total Orders')).toHaveText('1');
  await expect(tile(page, 'To Ship')).toHaveText('1');
  // Gone if the page loads again: the figures below must come from the page that has the old ones cached.
  await page.evaluate(() => Object.assign(window, { sameVisit: true }));

  await menu(page).getByRole('link', { name: 'Sales' }).click();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  const question = page.getByRole('dialog', { name: 'Cancel the order of Bea Buyer?' });
  await question.getByLabel('Reason').fill('Sold out at the market');
  await question.getByRole('button', { name: 'Cancel items' }).click();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();

  await menu(page).getByRole('link', { name: 'Overview' }).click();
  await expect(tile(page, 'Total Orders')).toHaveText('0');
  await expect(tile(page, 'To Ship')).toHaveText('0');
  expect(await page.evaluate(() => 'sameVisit' in window)).toBe(true);
});

test('an admin’s overview covers the whole shop', async ({ page }) => {
  await page.goto('/');
  await signInAsAdminViaApi(page);
  const categories = (await (await page.request.get('/api/categories')).json()) as Category[];

  await page.goto('/dashboard');
  await expect(page.getByText('The whole shop.')).toBeVisible();
  await expect(tile(page, 'Total Categories')).toHaveText(String(categories.length));
  // The demo catalog alone has 150 products and 80 orders; other tests add more as this one runs.
  await expect(tile(page, 'Total Products')).toHaveText(/^\d{1,3}(,\d{3})*$/);
  expect(Number((await tile(page, 'Total Products').innerText()).replace(/,/g, ''))).toBeGreaterThanOrEqual(
    150,
  );
  expect(Number((await tile(page, 'Total Orders').innerText()).replace(/,/g, ''))).toBeGreaterThan(0);
  // The shop's money with its sellers, in dollars (earnings.test.ts checks the figures).
  for (const label of ['Commission Earned', 'Owed to Sellers', 'Sellers Owe']) {
    await expect(tile(page, label)).toHaveText(/^\$[\d,]+\.\d{2}$/);
  }

  // The shop's revenue is the widest figure: no figure spills out of its tile, on any screen.
  for (const width of [1280, 1024, 768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `overview-admin-${width}`);
    const spilling = await page
      .getByRole('main')
      .locator('dl > div > dd')
      .evaluateAll((figures) =>
        figures
          .filter((figure) => figure.scrollWidth > figure.clientWidth)
          .map((figure) => figure.textContent),
      );
    expect(spilling, `at ${width} px`).toEqual([]);
  }
});
