import { formatDollars, payableCents } from '@bazaar/shared/pricing';
import type { Product } from '@bazaar/shared/products';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { TEST_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { signInAsAdminViaApi, signUpViaApi } from '../support/auth.ts';
import {
  demoShippingCents,
  discountedProducts,
  ORDERS_TABLE_COLUMNS,
  ordersViaApi,
  placeOrderViaApi,
} from '../support/shop-data.ts';
import { expectNoSeriousA11yViolations } from '../support/storefront-checks.ts';

/**
 * The Price and Payment cells of a new cash order of `goodsCents` of `products`: the total, the shipping it includes;
 * unpaid, all of it due.
 */
function priceCells(goodsCents: number, products: Product[]): [string, string] {
  const shippingCents = demoShippingCents(products);
  const total = formatDollars(goodsCents + shippingCents);
  return [`${total}incl. ${formatDollars(shippingCents)} shipping`, `UnpaidDue ${total}`];
}

function ordersTable(page: Page): Locator {
  return page.getByRole('region', { name: 'Orders table' }).getByRole('table');
}

/** The body rows of the orders table. */
function orderRows(page: Page): Locator {
  return ordersTable(page).locator('tbody').getByRole('row');
}

function rowWith(page: Page, text: string): Locator {
  return orderRows(page).filter({ hasText: text });
}

/**
 * The row with `text`, loading more pages until it shows: an admin's list holds every order in the shop, and tests
 * running beside this one may have placed newer ones.
 */
async function rowFound(page: Page, text: string): Promise<Locator> {
  const row = rowWith(page, text);
  await expect(async () => {
    if (await row.isVisible()) return;
    await page.getByRole('button', { name: 'Load more' }).click({ timeout: 2000 });
    throw new Error(`no order with ${text} yet`);
  }).toPass();
  return row;
}

function statusCell(row: Locator): Locator {
  return row.getByRole('cell').last();
}

test('a user with no orders sees No Orders Found', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/dashboard/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByText('No Orders Found', { exact: true })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the table lists the buyer’s orders newest first with the spec’s columns', async ({ page, request }) => {
  await signUpViaApi(page);
  const [first, second, third] = await discountedProducts(request, 3);
  if (!first || !second || !third) throw new Error('too few products');
  const older = await placeOrderViaApi(page.request, [{ productId: first._id, quantity: 3 }], {
    address: 'Older Street 1',
  });
  const newer = await placeOrderViaApi(
    page.request,
    [
      { productId: second._id, quantity: 1 },
      { productId: third._id, quantity: 2 },
    ],
    { address: 'Newer Street 2' },
  );

  await page.goto('/dashboard/orders');
  await expect(ordersTable(page).getByRole('columnheader')).toHaveText(ORDERS_TABLE_COLUMNS);
  await expect(orderRows(page)).toHaveCount(2);
  await expect(orderRows(page).first().getByRole('cell')).toHaveText([
    newer.number,
    `${second.name}, ${third.name}`,
    '2',
    ...priceCells(payableCents(second, 1) + payableCents(third, 2), [second, third]),
    'Newer Street 2',
    /\d/,
    /^processing/,
  ]);
  await expect(orderRows(page).nth(1).getByRole('cell')).toHaveText([
    older.number,
    first.name,
    '1',
    ...priceCells(payableCents(first, 3), [first]),
    'Older Street 1',
    /\d/,
    /^processing/,
  ]);
  await expect(rowWith(page, 'Newer Street 2').locator('time')).toHaveAttribute('datetime', newer.orderTime);
  await expect(rowWith(page, 'Older Street 1').locator('time')).toHaveAttribute('datetime', older.orderTime);
  await expect(page.getByText('Showing 2 of 2 orders')).toBeVisible();
  // A buyer cancels, but does not ship.
  await expect(page.getByRole('button', { name: /^Ship/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the buyer cancels a processing order after confirming', async ({ page, request }) => {
  await signUpViaApi(page);
  const [product] = await discountedProducts(request, 1);
  if (!product) throw new Error('no product');
  const { number } = await placeOrderViaApi(page.request, [{ productId: product._id, quantity: 1 }], {
    address: 'Cancel Lane 4',
  });

  await page.goto('/dashboard/orders');
  const row = rowWith(page, 'Cancel Lane 4');
  await expect(statusCell(row)).toHaveText(/^processing/);
  await expect(row.getByRole('cell').first()).toHaveText(number);

  // Declining the confirmation keeps the order.
  const question = page.getByRole('dialog', { name: `Cancel order ${number}?` });
  await row.getByRole('button', { name: `Cancel order ${number}` }).click();
  await expect(question).toContainText('This cannot be undone.');
  await expectNoSeriousA11yViolations(page);
  await question.getByRole('button', { name: 'Keep order' }).click();
  await expect(question).toBeHidden();
  await expect(statusCell(row)).toHaveText(/^processing/);
  expect((await ordersViaApi(page.request)).orders[0]?.status).toBe('processing');

  await row.getByRole('button', { name: `Cancel order ${number}` }).click();
  await question.getByRole('button', { name: 'Cancel order', exact: true }).click();
  await expect(question).toBeHidden();
  await expect(page.getByText('Order cancelled', { exact: true })).toBeVisible();
  await expect(statusCell(row)).toHaveText('cancelled');
  await expect(row.getByRole('button')).toHaveCount(0);
  expect((await ordersViaApi(page.request)).orders[0]?.status).toBe('cancelled');
});

test('an admin sees every order, ships and delivers one, and is told when a move is refused', async ({
  page,
  playwright,
  baseURL,
  request,
}) => {
  // An API client of the shop's own origin: cookie writes must say where they come from.
  const buyer = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: new URL(baseURL ?? '').origin },
  });
  const signUp = await buyer.post('/api/auth/sign-up/email', {
    data: { name: 'Bo Buyer', email: uniqueEmail('bo-buyer'), password: TEST_PASSWORD },
    headers: { origin: new URL(baseURL ?? '').origin },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const [product] = await discountedProducts(request, 1);
  if (!product) throw new Error('no product');
  const shipAddress = `Ship Road ${Date.now()}`;
  const cancelAddress = `Gone Road ${Date.now()}`;
  const toShip = await placeOrderViaApi(buyer, [{ productId: product._id, quantity: 1 }], {
    address: shipAddress,
  });
  const toCancel = await placeOrderViaApi(buyer, [{ productId: product._id, quantity: 2 }], {
    address: cancelAddress,
  });

  await signInAsAdminViaApi(page);
  await page.goto('/dashboard/orders');
  await expect(page.getByText('Every order in the shop.')).toBeVisible();
  // Found again after each move: a move reloads the list, to which journeys beside this one add newer orders.
  let row = await rowFound(page, shipAddress);
  await expect(statusCell(row)).toHaveText(/^processing/);
  await expect(row.getByRole('button')).toHaveText(['Ship', 'Cancel']);

  await row.getByRole('button', { name: /^Ship order/ }).click();
  await expect(page.getByText('Order shipped', { exact: true })).toBeVisible();
  row = await rowFound(page, shipAddress);
  await expect(statusCell(row)).toHaveText(/^shipped/);
  await expect(row.getByRole('button')).toHaveText(['Deliver', 'Cancel']);

  await row.getByRole('button', { name: /^Deliver order/ }).click();
  await expect(page.getByText('Order delivered', { exact: true })).toBeVisible();
  row = await rowFound(page, shipAddress);
  await expect(statusCell(row)).toHaveText('delivered');
  await expect(row.getByRole('button')).toHaveCount(0);

  // The buyer cancels while the admin's page still shows the order as processing.
  const cancelled = await buyer.patch(`/api/orders/${toCancel._id}/status`, {
    data: { status: 'cancelled' },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  await (await rowFound(page, cancelAddress)).getByRole('button', { name: /^Ship order/ }).click();
  await expect(page.getByText('An order that is cancelled cannot become shipped.')).toBeVisible();
  await expect(statusCell(await rowFound(page, cancelAddress))).toHaveText('cancelled');

  const { orders } = await ordersViaApi(buyer);
  expect(orders.find((order) => order._id === toShip._id)?.status).toBe('delivered');
  await buyer.dispose();
  await expectNoSeriousA11yViolations(page);
});

test('a long order history loads one page at a time with Load more', async ({ page, request }) => {
  await signUpViaApi(page);
  const [product] = await discountedProducts(request, 1);
  if (!product) throw new Error('no product');
  const placed = [];
  for (let street = 1; street <= 21; street += 1) {
    placed.push(
      await placeOrderViaApi(page.request, [{ productId: product._id, quantity: 1 }], {
        address: `Page Street ${street}`,
      }),
    );
  }

  await page.goto('/dashboard/orders');
  await expect(orderRows(page)).toHaveCount(20);
  await expect(page.getByText('Showing 20 of 21 orders')).toBeVisible();
  await expect(orderRows(page).first()).toContainText('Page Street 21');

  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(orderRows(page)).toHaveCount(21);
  await expect(orderRows(page).last().getByRole('cell')).toHaveText([
    placed[0]?.number ?? '',
    product.name,
    '1',
    ...priceCells(payableCents(product, 1), [product]),
    'Page Street 1',
    /\d/,
    /^processing/,
  ]);
  await expect(page.getByText('Showing 21 of 21 orders')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});
