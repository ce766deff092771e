import AxeBuilder from '@axe-core/playwright';
import { discountedCents, dollarsToCents, formatDollars, payableCents } from '@bazaar/shared/pricing';
import type { Product } from '@bazaar/shared/products';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { TEST_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { signUpViaApi, submitLogin } from '../support/auth.ts';
import { demoShippingCents, discountedProducts } from '../support/shop-data.ts';
import { screenshots } from '../support/screens.ts';

const CART_KEY = 'bazaar-cart';
const BUY_ITEMS_KEY = 'bazaar-buy-items';

type Cart = Record<string, number>;

/**
 * Puts `cart` into this page's localStorage before its first page load only (a reload keeps what the shop
 * stored since): exact quantities without a trip through every product page (that path has its own test).
 */
async function seedCart(page: Page, cart: Cart): Promise<void> {
  await page.addInitScript(
    ({ key, value }) => {
      if (sessionStorage.getItem('cart-seeded')) return;
      sessionStorage.setItem('cart-seeded', 'yes');
      localStorage.setItem(key, value);
    },
    { key: CART_KEY, value: JSON.stringify(cart) },
  );
}

async function storedJson(page: Page, key: string): Promise<unknown> {
  return page.evaluate((name) => JSON.parse(localStorage.getItem(name) ?? 'null') as unknown, key);
}

const money = (cents: number) => formatDollars(cents);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function cartLines(page: Page): Locator {
  return page.getByRole('list', { name: 'Products in your cart' }).getByRole('listitem');
}

function lineOf(page: Page, product: Product): Locator {
  return cartLines(page).filter({ has: page.getByRole('link', { name: product.name, exact: true }) });
}

function summary(page: Page): Locator {
  return page.getByRole('region', { name: 'Order Summery' });
}

/** The value beside `label` in the summary's list of terms and values. */
function summaryValue(page: Page, label: string): Locator {
  const term = page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) });
  return summary(page).locator('div').filter({ has: term }).getByRole('definition');
}

function lineTotal(line: Locator): Locator {
  return line.getByRole('definition');
}

/** The summary of a cart of `items` lines and `quantity` units, priced from the `loaded` lines' products. */
async function expectSummary(
  page: Page,
  items: number,
  quantity: number,
  loaded: [Product, number][],
): Promise<void> {
  const goodsCents = loaded.reduce((sum, [product, units]) => sum + payableCents(product, units), 0);
  const shippingCents = demoShippingCents(loaded.map(([product]) => product));
  await expect(summaryValue(page, 'Total Items')).toHaveText(String(items));
  await expect(summaryValue(page, 'Total Quantity')).toHaveText(String(quantity));
  await expect(summaryValue(page, 'Products')).toHaveText(money(goodsCents));
  await expect(summaryValue(page, 'Shipping Fee').first()).toHaveText(money(shippingCents));
  await expect(summaryValue(page, 'Total Price')).toHaveText(money(goodsCents + shippingCents));
}

async function expectSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

test('every line shows its product, prices and quantity; the summary shows the payable total', async ({
  page,
  request,
}) => {
  const products = await discountedProducts(request, 3);
  const quantities = [1, 2, 3];
  await seedCart(
    page,
    Object.fromEntries(products.map((product, index) => [product._id, quantities[index] ?? 1])),
  );
  await page.goto('/cart');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Carts 3 Items');
  await expect(cartLines(page)).toHaveCount(3);

  for (const [index, product] of products.entries()) {
    const quantity = quantities[index] ?? 1;
    const line = lineOf(page, product);
    const priceCents = dollarsToCents(product.price);

    await expect(line.getByRole('link', { name: product.name })).toHaveAttribute(
      'href',
      `/product/${product._id}`,
    );
    const image = line.getByRole('img', { name: product.mainImage.alt, exact: true });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    // The discounted price, then the original struck through, then the percent off.
    const price = line.getByRole('paragraph').filter({ hasText: `-${product.discount}%` });
    await expect(price).toHaveText(
      new RegExp(
        `^${escapeRegExp(money(discountedCents(priceCents, product.discount)))}\\s*${escapeRegExp(money(priceCents))}\\s*-${product.discount}%$`,
      ),
    );
    // Struck through: the <s> element (Playwright gives it no role).
    await expect(price.locator('s')).toHaveText(money(priceCents));
    await expect(line.getByRole('term')).toHaveText('Line total');
    await expect(lineTotal(line)).toHaveText(money(payableCents(product, quantity)));
    await expect(line.getByRole('status', { name: `Quantity of ${product.name}` })).toHaveText(
      String(quantity),
    );
    await expect(line.getByRole('button', { name: `Increase quantity of ${product.name}` })).toBeEnabled();
    await expect(line.getByRole('button', { name: `Decrease quantity of ${product.name}` })).toBeEnabled({
      enabled: quantity > 1,
    });
    await expect(line.getByRole('button', { name: 'Buy Now' })).toBeVisible();
    await expect(line.getByRole('button', { name: 'Remove' })).toBeVisible();
  }

  const ordered = products.map((product, index): [Product, number] => [product, quantities[index] ?? 1]);
  const totalCents = ordered.reduce((sum, [product, quantity]) => sum + payableCents(product, quantity), 0);
  // What the spec's shop showed: quantity × price × discount/100, the amount saved, not the amount to pay.
  const discountAmountCents = products.reduce(
    (sum, product, index) =>
      sum + Math.round(((quantities[index] ?? 1) * dollarsToCents(product.price) * product.discount) / 100),
    0,
  );
  expect(discountAmountCents).not.toBe(totalCents);
  await expect(summary(page).getByRole('heading', { name: 'Order Summery' })).toBeVisible();
  await expectSummary(page, 3, 6, ordered);
  await expect(summaryValue(page, 'Products')).not.toHaveText(money(discountAmountCents));
  // Each seller's part is listed with its shipping, which the Total Price includes.
  const parts = summary(page).getByRole('list', { name: 'Shipping from each seller' }).getByRole('listitem');
  const sellers = [...new Set(products.map((product) => product.seller.name))];
  await expect(parts).toHaveCount(sellers.length);
  for (const name of sellers) await expect(parts.filter({ hasText: `from ${name}` })).toContainText('$10.00');
  await expect(summary(page).getByRole('button', { name: 'Checkout' })).toBeVisible();
  await expect(summary(page).getByRole('button', { name: 'Clear Cart' })).toBeVisible();
});

test('products added on their pages arrive in the cart, a second add adding one', async ({
  page,
  request,
}) => {
  const [first, second] = await discountedProducts(request, 2);
  if (!first || !second) throw new Error('too few products');
  for (const [product, times] of [
    [first, 2],
    [second, 1],
  ] as const) {
    await page.goto(`/product/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    for (let count = 0; count < times; count += 1) {
      await page.getByRole('button', { name: 'Add to Cart' }).click();
    }
  }
  await page.getByRole('banner').getByRole('link', { name: /cart/i }).click();

  await expect(page).toHaveURL('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Carts 2 Items');
  await expect(lineOf(page, first).getByRole('status', { name: `Quantity of ${first.name}` })).toHaveText(
    '2',
  );
  await expect(lineOf(page, second).getByRole('status', { name: `Quantity of ${second.name}` })).toHaveText(
    '1',
  );
  await expectSummary(page, 2, 3, [
    [first, 2],
    [second, 1],
  ]);
});

test('plus adds one, minus takes one and stops at 1, and the totals follow', async ({ page, request }) => {
  const [product] = await discountedProducts(request, 1);
  if (!product) throw new Error('no product');
  await seedCart(page, { [product._id]: 1 });
  await page.goto('/cart');

  const line = lineOf(page, product);
  const quantity = line.getByRole('status', { name: `Quantity of ${product.name}` });
  const plus = line.getByRole('button', { name: `Increase quantity of ${product.name}` });
  const minus = line.getByRole('button', { name: `Decrease quantity of ${product.name}` });

  await expect(quantity).toHaveText('1');
  await expect(minus).toBeDisabled();

  await plus.click();
  // Keyboard users press the same button.
  await plus.focus();
  await page.keyboard.press('Enter');
  await expect(quantity).toHaveText('3');
  await expect(lineTotal(line)).toHaveText(money(payableCents(product, 3)));
  await expectSummary(page, 1, 3, [[product, 3]]);
  expect(await storedJson(page, CART_KEY)).toEqual({ [product._id]: 3 });

  await minus.click();
  await expect(quantity).toHaveText('2');
  await minus.click();
  await expect(quantity).toHaveText('1');
  await expect(minus).toBeDisabled();
  await expectSummary(page, 1, 1, [[product, 1]]);
  expect(await storedJson(page, CART_KEY)).toEqual({ [product._id]: 1 });
});

test('Remove drops its line and Clear Cart empties the cart', async ({ page, request }) => {
  const [first, second, third] = await discountedProducts(request, 3);
  if (!first || !second || !third) throw new Error('too few products');
  await seedCart(page, { [first._id]: 2, [second._id]: 1, [third._id]: 4 });
  await page.goto('/cart');
  await expect(cartLines(page)).toHaveCount(3);

  await lineOf(page, second).getByRole('button', { name: 'Remove' }).click();
  await expect(cartLines(page)).toHaveCount(2);
  await expect(lineOf(page, second)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Carts 2 Items');
  await expectSummary(page, 2, 6, [
    [first, 2],
    [third, 4],
  ]);
  expect(await storedJson(page, CART_KEY)).toEqual({ [first._id]: 2, [third._id]: 4 });

  await page.getByRole('button', { name: 'Clear Cart' }).click();
  await expect(page.getByRole('heading', { name: 'No Product Cart Yet' })).toBeVisible();
  await expect(page.getByText('Cart is Empty', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Carts 0 Items');
  await expectSummary(page, 0, 0, []);
  expect(await storedJson(page, CART_KEY)).toEqual({});
});

test('the cart survives a reload and follows changes made in another tab', async ({
  page,
  context,
  request,
}) => {
  const [first, second] = await discountedProducts(request, 2);
  if (!first || !second) throw new Error('too few products');
  await seedCart(page, { [first._id]: 2, [second._id]: 1 });
  await page.goto('/cart');
  await expect(cartLines(page)).toHaveCount(2);

  await lineOf(page, first)
    .getByRole('button', { name: `Increase quantity of ${first.name}` })
    .click();
  await page.reload();
  await expect(lineOf(page, first).getByRole('status', { name: `Quantity of ${first.name}` })).toHaveText(
    '3',
  );
  await expectSummary(page, 2, 4, [
    [first, 3],
    [second, 1],
  ]);

  const other = await context.newPage();
  await other.goto('/cart');
  await expect(cartLines(other)).toHaveCount(2);
  await lineOf(other, second)
    .getByRole('button', { name: `Increase quantity of ${second.name}` })
    .click();
  await expect(lineOf(page, second).getByRole('status', { name: `Quantity of ${second.name}` })).toHaveText(
    '2',
  );
  await expectSummary(page, 2, 5, [
    [first, 3],
    [second, 2],
  ]);

  await lineOf(page, first).getByRole('button', { name: 'Remove' }).click();
  await expect(cartLines(other)).toHaveCount(1);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Carts 1 Items');

  await other.getByRole('button', { name: 'Clear Cart' }).click();
  await expect(page.getByRole('heading', { name: 'No Product Cart Yet' })).toBeVisible();
});

test('a product deleted from the shop leaves the cart, and the shopper is told', async ({
  page,
  playwright,
  baseURL,
}) => {
  // A seller of its own (its cookies stay out of the shopper's browser).
  // An API client of the shop's own origin: cookie writes must say where they come from.
  const seller = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: new URL(baseURL ?? '').origin },
  });
  const signUp = await seller.post('/api/auth/sign-up/email', {
    data: { name: 'Cart Seller', email: uniqueEmail('cart-seller'), password: TEST_PASSWORD },
    headers: { origin: new URL(baseURL ?? '').origin },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const created = await seller.post('/api/products', {
    data: { name: `Soon Gone Lamp ${Date.now()}`, price: 40, discount: 25 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const doomed = (await created.json()) as Product;
  const kept = (await discountedProducts(seller, 2)).find((product) => product._id !== doomed._id);
  if (!kept) throw new Error('no product');

  await seedCart(page, { [doomed._id]: 2, [kept._id]: 1 });
  await page.goto('/cart');
  await expect(cartLines(page)).toHaveCount(2);
  await expect(lineTotal(lineOf(page, doomed))).toHaveText('$60.00');

  const deleted = await seller.delete(`/api/products/${doomed._id}`);
  expect(deleted.ok(), await deleted.text()).toBe(true);
  await seller.dispose();

  await page.reload();
  await expect(
    page.getByText('A product in your cart is no longer available and was removed.'),
  ).toBeVisible();
  await expect(cartLines(page)).toHaveCount(1);
  await expect(lineOf(page, kept)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Carts 1 Items');
  await expectSummary(page, 1, 1, [[kept, 1]]);
  expect(await storedJson(page, CART_KEY)).toEqual({ [kept._id]: 1 });
});

test('a product that fails to load keeps its line, with Retry', async ({ page, request }) => {
  const [first, second] = await discountedProducts(request, 2);
  if (!first || !second) throw new Error('too few products');
  const failing = `**/api/products/${second._id}`;
  await page.route(failing, (route) =>
    route.fulfill({ status: 503, json: { error: 'UNAVAILABLE', message: 'Try again later' } }),
  );
  await seedCart(page, { [first._id]: 1, [second._id]: 2 });
  await page.goto('/cart');

  // Shown once the client's own retries are spent.
  await expect(page.getByRole('alert').filter({ hasText: 'This product could not be loaded.' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(cartLines(page)).toHaveCount(2);
  await expect(page.getByText('Total Price leaves out the products')).toBeVisible();
  await expectSummary(page, 2, 3, [[first, 1]]);

  await page.unroute(failing);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(lineOf(page, second)).toBeVisible();
  await expect(page.getByText('Total Price leaves out the products')).toBeHidden();
  await expectSummary(page, 2, 3, [
    [first, 1],
    [second, 2],
  ]);
});

test('an empty cart says so, and Checkout refuses it', async ({ page }) => {
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Carts 0 Items');
  await expect(page.getByRole('heading', { name: 'No Product Cart Yet' })).toBeVisible();
  await expect(page.getByText('Cart is Empty', { exact: true })).toBeVisible();
  await expectSummary(page, 0, 0, []);

  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByText('No Product in Cart', { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/cart');
  expect(await storedJson(page, BUY_ITEMS_KEY)).toBeNull();

  await page.getByRole('link', { name: 'Continue shopping' }).click();
  await expect(page).toHaveURL('/');
});

test('Checkout hands every line to checkout and keeps the cart until the order is placed', async ({
  page,
  request,
}) => {
  const [first, second] = await discountedProducts(request, 2);
  if (!first || !second) throw new Error('too few products');
  await seedCart(page, { [first._id]: 3, [second._id]: 1 });
  await page.goto('/cart');
  await expect(cartLines(page)).toHaveCount(2);

  await page.getByRole('button', { name: 'Checkout' }).click();
  // Signed out, checkout sends the shopper to sign in first; the buy items wait in localStorage.
  await expect(page).toHaveURL('/login');
  expect(await storedJson(page, BUY_ITEMS_KEY)).toEqual([
    { productId: first._id, quantity: 3, fromCart: true },
    { productId: second._id, quantity: 1, fromCart: true },
  ]);

  // Leaving checkout loses nothing.
  await page.goto('/cart');
  await expect(cartLines(page)).toHaveCount(2);
  expect(await storedJson(page, CART_KEY)).toEqual({ [first._id]: 3, [second._id]: 1 });
});

test('a signed-out Checkout says it needs a sign-in, not that it succeeded, and comes back to checkout with the buy items', async ({
  page,
  browser,
  request,
}) => {
  const other = await browser.newPage();
  await other.goto('/');
  const account = await signUpViaApi(other);
  await other.close();

  const [product] = await discountedProducts(request, 1);
  if (!product) throw new Error('too few products');
  await seedCart(page, { [product._id]: 2 });
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect(
    page.getByText('Sign in to check out. Your cart is kept, and checkout opens as soon as you are in.'),
  ).toBeVisible();
  await expect(page.getByText('Checkout Successfully')).toHaveCount(0);
  await screenshots(page, 'login-to-check-out');
  // On the way to registering and back, the pages still say what for.
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(
    page.getByText(
      'Create an account to check out. Your cart is kept, and checkout opens as soon as you are in.',
    ),
  ).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
  await expect(page.getByText('Sign in to check out.', { exact: false })).toBeVisible();

  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL('/dashboard/addorders');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Order' })).toBeVisible();
  await expect(page.getByText('Checkout Successfully')).toHaveCount(0);
  expect(await storedJson(page, BUY_ITEMS_KEY)).toEqual([
    { productId: product._id, quantity: 2, fromCart: true },
  ]);
});

test('Buy Now on a line buys only that product and keeps the cart', async ({ page, request }) => {
  const [first, second] = await discountedProducts(request, 2);
  if (!first || !second) throw new Error('too few products');
  await seedCart(page, { [first._id]: 1, [second._id]: 2 });
  await page.goto('/cart');

  await lineOf(page, second).getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/(dashboard\/addorders|login)$/);
  expect(await storedJson(page, BUY_ITEMS_KEY)).toEqual([
    { productId: second._id, quantity: 2, fromCart: true },
  ]);
  expect(await storedJson(page, CART_KEY)).toEqual({ [first._id]: 1, [second._id]: 2 });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('lines stack above the summary without sideways scrolling', async ({ page, request }) => {
    const products = await discountedProducts(request, 2);
    await seedCart(page, Object.fromEntries(products.map((product) => [product._id, 12])));
    await page.goto('/cart');
    await expect(cartLines(page)).toHaveCount(2);

    await expect(summary(page)).toBeVisible();
    // Measured until the layout settles: the lines may still be re-rendering as their products arrive.
    await expect
      .poll(async () => {
        const lastLine = await cartLines(page).last().boundingBox();
        const summaryBox = await summary(page).boundingBox();
        return Boolean(lastLine && summaryBox && summaryBox.y >= lastLine.y + lastLine.height);
      })
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const product of products) {
      const line = lineOf(page, product);
      for (const name of ['Buy Now', 'Remove', `Increase quantity of ${product.name}`]) {
        const box = await line.getByRole('button', { name }).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      }
    }
    await expect(summary(page).getByRole('button', { name: 'Checkout' })).toBeVisible();
  });
});

test('the cart has no serious accessibility violation, empty or full', async ({ page, request }) => {
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'No Product Cart Yet' })).toBeVisible();
  await expectSeriousA11yViolations(page);

  const products = await discountedProducts(request, 2);
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: CART_KEY,
    value: JSON.stringify(Object.fromEntries(products.map((product) => [product._id, 2]))),
  });
  await page.reload();
  await expect(cartLines(page)).toHaveCount(2);
  await expectSeriousA11yViolations(page);
});
