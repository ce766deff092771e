import { dollarsToCents, formatDollars, payableCents } from '@bazaar/shared/pricing';
import type { Product } from '@bazaar/shared/products';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { TEST_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { shopOrigin, signUpViaApi } from '../support/auth.ts';
import {
  createProductViaApi,
  demoShippingCents,
  discountedProducts,
  ORDER_PAGE_URL,
  ordersViaApi,
  placeOrderViaApi,
} from '../support/shop-data.ts';
import { expectNoSeriousA11yViolations } from '../support/storefront-checks.ts';

const BUY_ITEMS_KEY = 'bazaar-buy-items';

/** Puts buy items into this page's localStorage before its first page load only, as Buy Now leaves them. */
async function seedBuyItems(page: Page, items: { productId: string; quantity: number }[]): Promise<void> {
  await page.addInitScript(
    ({ key, value }) => {
      if (sessionStorage.getItem('buy-items-seeded')) return;
      sessionStorage.setItem('buy-items-seeded', 'yes');
      localStorage.setItem(key, value);
    },
    { key: BUY_ITEMS_KEY, value: JSON.stringify(items) },
  );
}

function tiles(page: Page): Locator {
  return page.getByRole('list', { name: 'Products in your order' }).getByRole('listitem');
}

function tileOf(page: Page, product: Product): Locator {
  return tiles(page).filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
}

/** The value beside `label` in a tile's list of terms and values. */
function tileValue(tile: Locator, label: string): Locator {
  return tile.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
}

/** A field of the checkout form (the header's "Profile of …" link would match a bare label). */
const field = (page: Page, label: string) =>
  page.getByRole('form', { name: 'Order details' }).getByLabel(label, { exact: true });
const totalPrice = (page: Page) => page.getByRole('status', { name: 'Total Price' });
const placeOrderButton = (page: Page) => page.getByRole('button', { name: 'Place Order' });

async function fillContact(page: Page, phone: string, address: string): Promise<void> {
  await field(page, 'Phone').fill(phone);
  await field(page, 'Address').fill(address);
}

test('buying from the cart places the order: Orders shows it with its total and status processing', async ({
  page,
  request,
}) => {
  const account = await signUpViaApi(page, { name: 'Bea Buyer' });
  // Saved on the profile: checkout starts from it.
  const saved = await page.request.patch(`/api/users/${encodeURIComponent(account.email)}`, {
    data: { phone: '+880 1711 000000', address: '12 Lake Road, Dhaka' },
    headers: { origin: shopOrigin() },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  const [first, second] = await discountedProducts(request, 2);
  if (!first || !second) throw new Error('too few products');
  const quantities = new Map([
    [first._id, 2],
    [second._id, 1],
  ]);
  for (const product of [first, second]) {
    await page.goto(`/product/${product._id}`);
    for (let count = 0; count < (quantities.get(product._id) ?? 1); count += 1) {
      await page.getByRole('button', { name: 'Add to Cart' }).click();
    }
  }
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByText('Checkout Successfully', { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/dashboard/addorders');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Order' })).toBeVisible();

  await expect(tiles(page)).toHaveCount(2);
  for (const product of [first, second]) {
    const quantity = quantities.get(product._id) ?? 1;
    const tile = tileOf(page, product);
    await expect(tile.getByRole('img', { name: product.mainImage.alt, exact: true })).toBeVisible();
    const priceCents = dollarsToCents(product.price);
    const price = tile.getByRole('paragraph').filter({ hasText: `-${product.discount}%` });
    await expect(price).toContainText(
      formatDollars(Math.round((priceCents * (100 - product.discount)) / 100)),
    );
    await expect(price.locator('s')).toHaveText(formatDollars(priceCents));
    await expect(tileValue(tile, 'Quantity')).toHaveText(String(quantity));
    await expect(tileValue(tile, 'Line total')).toHaveText(formatDollars(payableCents(product, quantity)));
    // Read-only: nothing on a tile changes the order.
    await expect(tile.getByRole('button')).toHaveCount(0);
  }
  const totalCents = payableCents(first, 2) + payableCents(second, 1) + demoShippingCents([first, second]);
  await expect(totalPrice(page)).toHaveText(formatDollars(totalCents));

  // Prefilled from the profile.
  await expect(field(page, 'Name')).toHaveValue('Bea Buyer');
  await expect(field(page, 'Email')).toHaveValue(account.email);
  await expect(field(page, 'Email')).toHaveAttribute('type', 'email');
  await expect(field(page, 'Phone')).toHaveValue('+880 1711 000000');
  await expect(field(page, 'Address')).toHaveValue('12 Lake Road, Dhaka');
  const payment = page.getByRole('group', { name: 'Payment Method' });
  await expect(payment.getByRole('radio', { name: 'Cash on delivery' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);

  await payment.getByRole('radio', { name: 'bKash' }).check();
  await field(page, 'Address').fill('7 Harbour Lane, Chattogram');
  await placeOrderButton(page).click();

  await expect(page.getByText('Order placed successfully', { exact: true })).toBeVisible();
  // The new order's page, which says how to pay it by bKash.
  await expect(page).toHaveURL(ORDER_PAGE_URL);
  await expect(page.getByRole('region', { name: 'Pay by bKash' })).toContainText(
    `Send ${formatDollars(totalCents)} by bKash`,
  );
  await page.getByRole('link', { name: 'All orders' }).click();
  const row = page.getByRole('row').filter({ hasText: '7 Harbour Lane, Chattogram' });
  await expect(row.getByRole('cell')).toHaveText([
    /^BZ-\d+$/,
    `${first.name}, ${second.name}`,
    '2',
    `${formatDollars(totalCents)}incl. ${formatDollars(demoShippingCents([first, second]))} shipping`,
    `UnpaidDue ${formatDollars(totalCents)}`,
    '7 Harbour Lane, Chattogram',
    /\d/,
    /^processing/,
  ]);
  expect(await page.evaluate((key) => localStorage.getItem(key), BUY_ITEMS_KEY)).toBe('[]');

  const { orders, total } = await ordersViaApi(page.request);
  expect(total).toBe(1);
  expect(orders[0]).toMatchObject({
    name: 'Bea Buyer',
    email: account.email,
    phone: '+880 1711 000000',
    paymentMethod: 'bkash',
    totalPrice: totalCents / 100,
    status: 'processing',
  });
  await expect(row.locator('time')).toHaveAttribute('datetime', orders[0]?.orderTime ?? '');

  // Back at checkout, there is nothing left to buy, and the order took its lines out of the cart.
  await page.goto('/dashboard/addorders');
  await expect(page.getByText('No Product in Cart', { exact: true })).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'No Product Cart Yet' })).toBeVisible();
});

test('the cart keeps what the shopper chose: leaving checkout and a Buy Now of another product lose nothing', async ({
  page,
  request,
}) => {
  await signUpViaApi(page, { name: 'Cleo Changeable' });
  const [kept, bought] = await discountedProducts(request, 2);
  if (!kept || !bought) throw new Error('too few products');

  await page.goto(`/product/${kept._id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(tileOf(page, kept)).toBeVisible();

  // The shopper changes their mind and buys another product at once instead.
  await page.goto(`/product/${bought._id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL('/dashboard/addorders');
  await expect(tiles(page)).toHaveCount(1);
  await expect(tileOf(page, bought)).toBeVisible();
  await fillContact(page, '+880 1711 000001', '3 Mill Street, Khulna');
  await placeOrderButton(page).click();
  await expect(page).toHaveURL(ORDER_PAGE_URL);
  const { orders } = await ordersViaApi(page.request);
  expect(orders.map((order) => order.products.map((line) => line._id))).toEqual([[bought._id]]);

  // The first product is still in the cart, and ordering it from there empties the cart.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Carts 1 Items');
  await expect(page.getByRole('button', { name: `Remove ${kept.name}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(tiles(page)).toHaveCount(1);
  await expect(tileOf(page, kept)).toBeVisible();
  await fillContact(page, '+880 1711 000001', '3 Mill Street, Khulna');
  await placeOrderButton(page).click();
  await expect(page).toHaveURL(ORDER_PAGE_URL);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'No Product Cart Yet' })).toBeVisible();
});

test('a double click on Place Order places one order', async ({ page, request }) => {
  await signUpViaApi(page, { name: 'Dora Double' });
  const [product] = await discountedProducts(request, 1);
  if (!product) throw new Error('no product');
  await seedBuyItems(page, [{ productId: product._id, quantity: 3 }]);
  const before = (await ordersViaApi(page.request)).total;

  // A slow answer: the second click lands while the first order is on its way.
  await page.route('**/api/orders', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });

  await page.goto('/dashboard/addorders');
  await expect(tiles(page)).toHaveCount(1);
  await fillContact(page, '01711-000000', '3 Mill Street');
  await placeOrderButton(page).dblclick();

  await expect(page).toHaveURL(ORDER_PAGE_URL);
  await page.getByRole('link', { name: 'All orders' }).click();
  await expect(page.getByRole('row').filter({ hasText: '3 Mill Street' })).toHaveCount(1);
  const after = await ordersViaApi(page.request);
  expect(after.total).toBe(before + 1);
  expect(after.orders[0]?.totalPrice).toBe((payableCents(product, 3) + demoShippingCents([product])) / 100);
});

test('an answer lost on the way: trying again answers the same order instead of placing another', async ({
  page,
  request,
}) => {
  await signUpViaApi(page, { name: 'Lou Lost' });
  const [product] = await discountedProducts(request, 1);
  if (!product) throw new Error('no product');
  await seedBuyItems(page, [{ productId: product._id, quantity: 1 }]);
  // The server places the order, but the connection drops before its answer reaches the browser.
  let firstTry = true;
  await page.route('**/api/orders', async (route) => {
    if (!firstTry) return route.continue();
    firstTry = false;
    await route.fetch();
    await route.abort('connectionreset');
  });

  await page.goto('/dashboard/addorders');
  await fillContact(page, '+880 1911 444555', '8 Quay Street');
  await placeOrderButton(page).click();
  await expect(
    page.getByText('The shop could not be reached. Check your connection and try again.'),
  ).toBeVisible();
  await expect(page).toHaveURL('/dashboard/addorders');
  await expect(field(page, 'Address')).toHaveValue('8 Quay Street');
  expect((await ordersViaApi(page.request)).total).toBe(1);

  await placeOrderButton(page).click();
  await expect(page).toHaveURL(ORDER_PAGE_URL);
  await page.getByRole('link', { name: 'All orders' }).click();
  await expect(page.getByRole('row').filter({ hasText: '8 Quay Street' })).toHaveCount(1);
  expect((await ordersViaApi(page.request)).total).toBe(1);
});

test('a refused phone keeps the form, says why at the field and places nothing', async ({
  page,
  request,
}) => {
  await signUpViaApi(page, { name: 'Phil Phone' });
  const [product] = await discountedProducts(request, 1);
  if (!product) throw new Error('no product');
  await seedBuyItems(page, [{ productId: product._id, quantity: 1 }]);

  await page.goto('/dashboard/addorders');
  await fillContact(page, 'call me maybe', '9 Elm Row');
  await placeOrderButton(page).click();

  await expect(page.getByText('Phone may hold digits, spaces, +, - and parentheses')).toBeVisible();
  await expect(field(page, 'Phone')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL('/dashboard/addorders');
  await expect(field(page, 'Phone')).toHaveValue('call me maybe');
  await expect(field(page, 'Address')).toHaveValue('9 Elm Row');
  await expect(tiles(page)).toHaveCount(1);
  expect((await ordersViaApi(page.request)).total).toBe(0);

  await field(page, 'Phone').fill('+1 (555) 010-0000');
  await placeOrderButton(page).click();
  await expect(page).toHaveURL(ORDER_PAGE_URL);
  expect((await ordersViaApi(page.request)).total).toBe(1);
});

test('a product deleted while checkout is open: the server says so, the form stays, the order goes without it', async ({
  page,
  playwright,
  baseURL,
  request,
}) => {
  // An API client of the shop's own origin: cookie writes must say where they come from.
  const seller = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: new URL(baseURL ?? '').origin },
  });
  const signUp = await seller.post('/api/auth/sign-up/email', {
    data: { name: 'Gone Seller', email: uniqueEmail('gone-seller'), password: TEST_PASSWORD },
    headers: { origin: new URL(baseURL ?? '').origin },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const doomed = await createProductViaApi(seller, {
    name: `Vanishing Vase ${Date.now()}`,
    price: 30,
    discount: 10,
  });
  const [kept] = await discountedProducts(request, 1);
  if (!kept) throw new Error('no product');

  await signUpViaApi(page, { name: 'Rita Racer' });
  await seedBuyItems(page, [
    { productId: doomed._id, quantity: 1 },
    { productId: kept._id, quantity: 2 },
  ]);
  await page.goto('/dashboard/addorders');
  await expect(tiles(page)).toHaveCount(2);
  // The vase's new seller and the demo seller each charge $10.00 of shipping.
  await expect(totalPrice(page)).toHaveText(formatDollars(2700 + 1000 + payableCents(kept, 2) + 1000));

  const deleted = await seller.delete(`/api/products/${doomed._id}`);
  expect(deleted.ok(), await deleted.text()).toBe(true);
  await seller.dispose();

  await fillContact(page, '+880 1811 222333', '5 River View');
  await placeOrderButton(page).click();
  await expect(page.getByText(`Unknown or deleted products: ${doomed._id}`)).toBeVisible();
  await expect(page).toHaveURL('/dashboard/addorders');
  await expect(field(page, 'Phone')).toHaveValue('+880 1811 222333');
  await expect(field(page, 'Address')).toHaveValue('5 River View');
  // The products are read again: the deleted one is named as gone and left out.
  await expect(
    page.getByText('A product in your order is no longer available: the order will be placed without it.'),
  ).toBeVisible();
  await expect(tiles(page)).toHaveCount(1);
  await expect(totalPrice(page)).toHaveText(formatDollars(payableCents(kept, 2) + demoShippingCents([kept])));
  expect((await ordersViaApi(page.request)).total).toBe(0);

  await placeOrderButton(page).click();
  await expect(page).toHaveURL(ORDER_PAGE_URL);
  const { orders } = await ordersViaApi(page.request);
  expect(orders.map((order) => order.products.map((line) => line._id))).toEqual([[kept._id]]);
});

test('a new price set after an earlier order of the product is what the next checkout shows and pays', async ({
  page,
  playwright,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const seller = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin } });
  const signUp = await seller.post('/api/auth/sign-up/email', {
    data: { name: 'Pia Price', email: uniqueEmail('repricing-seller'), password: TEST_PASSWORD },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const product = await createProductViaApi(seller, {
    name: `Repriced Rug ${Date.now()}`,
    price: 40,
    discount: 25,
  });

  await signUpViaApi(page, { name: 'Remy Repeat' });
  // The shop priced this product for an order before the seller changed it.
  const first = await placeOrderViaApi(page.request, [{ productId: product._id, quantity: 1 }]);
  // $30.00 and the seller's $10.00 of shipping.
  expect(first.totalPrice).toBe(40);
  const repriced = await seller.patch(`/api/products/${product._id}`, { data: { price: 50 } });
  expect(repriced.status(), await repriced.text()).toBe(200);
  await seller.dispose();

  await seedBuyItems(page, [{ productId: product._id, quantity: 2 }]);
  await page.goto('/dashboard/addorders');
  await expect(tiles(page)).toHaveCount(1);
  await expect(totalPrice(page)).toHaveText('$85.00');
  await fillContact(page, '+880 1911 444555', '8 Market Lane');
  await placeOrderButton(page).click();

  await expect(page).toHaveURL(ORDER_PAGE_URL);
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('$85.00');
  const { orders } = await ordersViaApi(page.request);
  expect(orders[0]?.products.map((line) => [line.price, line.lineTotal])).toEqual([[50, 75]]);
});

test('with no buy items, checkout says No Product in Cart and leads to the cart', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/dashboard/addorders');
  await expect(page.getByText('No Product in Cart', { exact: true })).toBeVisible();
  await expect(placeOrderButton(page)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Go to your cart' }).click();
  await expect(page).toHaveURL('/cart');
});
