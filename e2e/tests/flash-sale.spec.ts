import type { Product } from '@bazaar/shared/products';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from '../support/auth.ts';
import { screenshot } from '../support/screens.ts';
import { createProductViaApi } from '../support/shop-data.ts';
import { cardIds } from '../support/storefront-checks.ts';

const PHONE = { width: 390, height: 844 };

/** The seconds a timer's text (`2d 05:07:09` or `05:07:09`) says are left. */
function secondsOf(text: string): number {
  const match = /^(?:(\d+)d)?(\d\d):(\d\d):(\d\d)$/.exec(text.replace(/\s/g, ''));
  if (!match) throw new Error(`not a countdown: ${text}`);
  const [, days = '0', hours, minutes, seconds] = match;
  return ((Number(days) * 24 + Number(hours)) * 60 + Number(minutes)) * 60 + Number(seconds);
}

/** The seconds from now to the soonest end of the products the home page's flash-sale block shows. */
async function soonestEndOfBlock(page: Page): Promise<number> {
  const block = page.getByRole('region', { name: 'Flash Sale' });
  const ids = await cardIds(block);
  expect(ids.length).toBeGreaterThan(0);
  const ends = await Promise.all(
    ids.map(async (id) => {
      const product = (await (await page.request.get(`/api/products/${id}`)).json()) as Product;
      expect(product.flashSaleEndsAt).not.toBeNull();
      return Date.parse(product.flashSaleEndsAt ?? '');
    }),
  );
  return (Math.min(...ends) - Date.now()) / 1000;
}

const flashTimer = (page: Page) =>
  page.getByRole('region', { name: 'Flash Sale' }).getByRole('timer', { name: 'Ending In' });

test('the home page counts down to the real end of its flash sales, the same after a reload', async ({
  page,
}) => {
  await page.goto('/');
  const timer = flashTimer(page);
  await expect(timer).toHaveText(/\d\d:\d\d:\d\d$/);
  for (const reload of [false, true]) {
    if (reload) await page.reload();
    await expect(page.getByRole('region', { name: 'Flash Sale' }).getByRole('article').first()).toBeVisible();
    const left = await soonestEndOfBlock(page);
    // What the timer says is the end's distance, give or take the second it takes to read both.
    await expect
      .poll(async () => Math.abs(secondsOf((await timer.textContent()) ?? '') - left))
      .toBeLessThanOrEqual(3);
  }
  await screenshot(page, 'flash-sale-block-desktop');
});

test('a flash sale whose time is up leaves the home block and the flash-sale list', async ({ page }) => {
  await signUpViaApi(page, { name: 'Fay Flash' });
  const endsAt = new Date(Date.now() + 8_000).toISOString();
  const product = await createProductViaApi(page.request, {
    name: `Last-minute kettle ${Date.now().toString(36)}`,
    flash_sale: true,
    flashSaleEndsAt: endsAt,
  });
  expect(product.flashSaleEndsAt).toBe(endsAt);
  await page.goto('/');
  const block = page.getByRole('region', { name: 'Flash Sale' });
  // The newest flash sale leads the block, and its end is the soonest.
  await expect.poll(() => cardIds(block)).toContain(product._id);
  await expect(flashTimer(page)).toHaveText(/^00:00:0\d$/);
  await expect.poll(() => cardIds(block), { timeout: 20_000 }).not.toContain(product._id);
  await expect(flashTimer(page)).not.toHaveText('00:00:00');
  const listed = (await (
    await page.request.get('/api/products?flash_sale=true&limit=100')
  ).json()) as Product[];
  expect(listed.map((one) => one._id)).not.toContain(product._id);
});

test('a seller sets when a flash sale ends in the product form', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signUpViaApi(page, { name: 'Sam Seller' });
  await page.goto('/dashboard/add-products');
  await page.getByLabel('Name', { exact: true }).fill(`Flash lamp ${Date.now().toString(36)}`);
  await page.getByLabel('Price').fill('25');
  await expect(page.getByLabel('Flash sale ends')).toHaveCount(0);
  await page.getByLabel('Flash Sale').check();
  const end = page.getByLabel('Flash sale ends');
  await expect(end).toHaveAccessibleDescription('Left blank, the sale ends a day after you save');
  const local = new Date(Date.now() + 2 * 24 * 60 * 60_000);
  local.setSeconds(0, 0);
  const pad = (value: number) => String(value).padStart(2, '0');
  const typed = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}T${pad(local.getHours())}:${pad(local.getMinutes())}`;
  await end.fill(typed);
  await screenshot(page, 'product-form-flash-sale-end-phone');
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/products') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Add Product' }).click();
  const product = (await (await created).json()) as Product;
  expect(product.flashSaleEndsAt).toBe(local.toISOString());
});
