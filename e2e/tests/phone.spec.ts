import type { Category } from '@bazaar/shared/categories';
import type { Product } from '@bazaar/shared/products';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpViaApi, signUpViaRequest } from '../support/auth.ts';
import { screenshot } from '../support/screens.ts';
import {
  createProductViaApi,
  discountedProducts,
  moveSaleViaApi,
  ORDERS_TABLE_COLUMNS,
  placeOrderViaApi,
} from '../support/shop-data.ts';
import { expectNoSeriousA11yViolations } from '../support/storefront-checks.ts';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** Waits until the page's lists and session checks have finished loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
  await expect(page.getByRole('status').filter({ hasText: /Loading|Checking|Searching/ })).toHaveCount(0);
}

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} is not on the page`);
  return found;
}

/** Two discounted products of different sellers, so an order of both has a part per seller. */
async function productsOfTwoSellers(page: Page): Promise<[Product, Product]> {
  const products = await discountedProducts(page.request, 10);
  const first = products[0];
  const second = products.find((product) => product.seller?.handle !== first?.seller?.handle);
  if (!first || !second) throw new Error('the demo shop has no two sellers among its discounted products');
  return [first, second];
}

test('the home banner shows its words large, with its buttons in a bar below the picture', async ({
  page,
}) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Highlights' });
  await banner.getByRole('button', { name: 'Stop automatic slide show' }).click();
  const picture = banner.getByRole('group').getByRole('img');
  await expect(picture).toHaveJSProperty('complete', true);
  await screenshot(page, 'phone-home');

  // The pictures are 1600 × 600 with an 84 px headline and a 32 px line under it on their left 760 px.
  const shown = await picture.evaluate((img: HTMLImageElement) => ({
    scale: img.clientHeight / img.naturalHeight,
    width: img.clientWidth,
  }));
  expect(84 * shown.scale, 'the headline’s height in CSS pixels').toBeGreaterThanOrEqual(32);
  expect(32 * shown.scale, 'the line under it').toBeGreaterThanOrEqual(14);
  expect(shown.width / shown.scale, 'the part of the picture shown, in its pixels').toBeGreaterThanOrEqual(
    760,
  );

  const pictureBox = await box(picture);
  for (const name of ['Previous slide', 'Next slide', 'Show slide 1', 'Start automatic slide show']) {
    const button = await box(banner.getByRole('button', { name }));
    expect(button.y, `${name} is below the picture`).toBeGreaterThanOrEqual(pictureBox.y + pictureBox.height);
  }
  await banner.getByRole('button', { name: 'Next slide' }).click();
  await expect(banner.getByRole('group')).toHaveAccessibleName('2 of 4');
});

test('the buyer’s orders are cards that fit the phone, each seller’s progress in sight', async ({ page }) => {
  await signUpViaApi(page);
  const [first, second] = await productsOfTwoSellers(page);
  await placeOrderViaApi(page.request, [
    { productId: first._id, quantity: 1 },
    { productId: second._id, quantity: 2 },
  ]);
  await page.goto('/dashboard/orders');
  const region = page.getByRole('region', { name: 'Orders table' });
  const order = region.getByRole('table').locator('tbody').getByRole('row');
  await expect(order).toHaveCount(1);
  await screenshot(page, 'phone-orders');

  // Nothing to scroll sideways inside the table's box, and the card lies within the screen.
  expect(await region.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const card = await box(order);
  expect(card.x).toBeGreaterThanOrEqual(0);
  expect(card.x + card.width).toBeLessThanOrEqual(PHONE.width);
  // The columns are stacked: the price sits below the product names, not beside them.
  const names = await box(order.getByRole('cell').nth(1));
  const price = await box(order.getByRole('cell').nth(3));
  expect(price.y).toBeGreaterThanOrEqual(names.y + names.height);

  const progress = order.getByRole('list', { name: 'Progress by seller' });
  await progress.scrollIntoViewIfNeeded();
  for (const part of await progress.getByRole('listitem').all())
    await expect(part).toBeInViewport({ ratio: 1 });
  await expect(progress.getByRole('progressbar')).toHaveCount(2);
  await expect(order.getByRole('button', { name: /^Cancel order BZ-\d+$/ })).toBeInViewport({ ratio: 1 });
  // Shown as cards, it is still a table with its column headers to a screen reader.
  await expect(region.getByRole('columnheader')).toHaveText(ORDERS_TABLE_COLUMNS);
  await expectNoSeriousA11yViolations(page);
});

test('the menu offers every category and the search', async ({ page }) => {
  const categories = (await (
    await page.request.get('/api/categories?sort=name&limit=100')
  ).json()) as Category[];
  const [category] = categories;
  if (!category) throw new Error('the demo shop has no category');
  await page.goto('/about');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Menu' }).click();
  const menu = header.getByRole('navigation', { name: 'Main' });
  const listed = menu.getByRole('list', { name: 'Categories' }).getByRole('link');
  await expect(listed).toHaveText(categories.map(({ categoryName }) => categoryName));
  await expect(menu.getByRole('link', { name: 'All Categories' })).toBeVisible();
  await screenshot(page, 'phone-menu');
  await expect(page.locator('body')).toHaveJSProperty('scrollWidth', 390);

  await listed.first().click();
  await expect(page).toHaveURL(`/search/${encodeURIComponent(category.categoryName)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${category.categoryName} Category Products`,
  );
  await expect(menu).toBeHidden();

  await header.getByRole('button', { name: 'Menu' }).click();
  const search = header.getByRole('searchbox', { name: 'Search products' });
  await expect(search).toBeInViewport();
  await search.fill('watch');
  await search.press('Enter');
  await expect(page).toHaveURL('/search?q=watch');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/watch/);
});

test('every dashboard tab is in sight on a phone', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/dashboard');
  const tabs = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link');
  await expect(tabs).toHaveCount(10);
  await screenshot(page, 'phone-dashboard');
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
  await tabs.filter({ hasText: 'Customers' }).click();
  await expect(page).toHaveURL('/dashboard/customers');
});

test('the error page keeps the header and footer and offers a search', async ({ page }) => {
  const [product] = await discountedProducts(page.request, 1);
  if (!product) throw new Error('no product');
  await page.goto('/no/such/page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Bazaar' })).toBeVisible();
  await screenshot(page, 'phone-404');

  const search = page.getByRole('main').getByRole('searchbox', { name: 'Search the shop' });
  await expect(search).toBeInViewport();
  await search.fill(product.name);
  const results = page.getByRole('main').getByRole('region', { name: 'Search Results' });
  await results.getByRole('link').filter({ hasText: product.name }).first().click();
  await expect(page).toHaveURL(`/product/${product._id}`);

  await page.goBack();
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.getByRole('navigation', { name: 'Services' })).toBeVisible();
});

test('a seller without sales sees No sales yet instead of empty charts', async ({ page }) => {
  await signUpViaApi(page, { name: 'Nell New' });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  for (const chart of ['Revenue by month', 'Monthly sales', "Last month's sales by week"]) {
    const figure = page.getByRole('figure', { name: chart });
    await expect(figure.getByText('No sales yet', { exact: true })).toBeVisible();
  }
  await expect(page.locator('canvas')).toHaveCount(0);
  await screenshot(page, 'phone-overview');
});

/** A page to open, and, for a list, a text of one of its rows: measured only once the rows are there. */
type PhonePage = string | { path: string; shows: string };

/**
 * Opens each page and checks that nothing in it scrolls sideways: the page is no wider than the phone, and no box in
 * it (a table in a box of its own that scrolls) is wider than it shows.
 */
async function expectNoSidewaysScroll(page: Page, pages: readonly PhonePage[]): Promise<void> {
  for (const entry of pages) {
    const { path, shows } = typeof entry === 'string' ? { path: entry, shows: undefined } : entry;
    await page.goto(path);
    await settled(page);
    if (shows) await expect(page.getByRole('main').getByText(shows).first()).toBeVisible();
    await screenshot(page, `phone-width${path.replaceAll('/', '_')}`);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      scrollingBoxes: Array.from(document.querySelectorAll<HTMLElement>('main *'))
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
        .map((element) => element.getAttribute('aria-label') ?? element.outerHTML.slice(0, 80)),
    }));
    expect(widths.page, path).toBeLessThanOrEqual(PHONE.width);
    expect(widths.scrollingBoxes, path).toEqual([]);
  }
}

test('no page scrolls sideways on a phone', async ({ page, request }) => {
  const [first, second] = await productsOfTwoSellers(page);
  const [category] = first.categories;
  await expectNoSidewaysScroll(page, [
    '/',
    `/product/${first._id}`,
    `/search/${category ?? 'electronics'}`,
    '/search?q=smart&in_stock=true',
    `/seller/${first.seller?.handle ?? ''}`,
    '/flash-sale',
    '/new-product-page',
    '/only-for-you',
    '/categories-all',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password',
    '/about',
    '/no/such/page',
  ]);

  await signUpViaApi(page, { name: 'Wendy Widths' });
  const order = await placeOrderViaApi(page.request, [
    { productId: first._id, quantity: 1 },
    { productId: second._id, quantity: 1 },
  ]);
  const own = await createProductViaApi(page.request, { name: 'Narrow Notebook' });
  // A customer, with a name as long as people's are, whose order fills the Customers and Sales pages.
  const buyer = await signUpViaRequest(request, { name: 'Maximiliana Wolfeschlegelstein-Hausenberger' });
  const sold = await placeOrderViaApi(request, [{ productId: own._id, quantity: 1 }]);
  // Delivered: the shop's commission on it fills the Earnings page.
  await moveSaleViaApi(page.request, sold._id, 'shipped');
  await moveSaleViaApi(page.request, sold._id, 'delivered');
  await page.goto('/');
  await page.evaluate((id) => localStorage.setItem('bazaar-cart', JSON.stringify({ [id]: 2 })), first._id);
  await expectNoSidewaysScroll(page, [
    '/cart',
    '/dashboard',
    '/dashboard/addorders',
    '/dashboard/orders',
    `/dashboard/orders/${order.number}`,
    '/dashboard/add-products',
    '/dashboard/products',
    `/dashboard/edit-products/${own._id}`,
    { path: '/dashboard/sales', shows: `Order of ${buyer.name}` },
    { path: '/dashboard/customers', shows: `@${buyer.handle}` },
    '/dashboard/reviews',
    { path: '/dashboard/earnings', shows: "Shop's commission" },
    '/dashboard/profile',
  ]);
});
