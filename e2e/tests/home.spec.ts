import { discountedCents, dollarsToCents, formatDollars } from '@bazaar/shared/pricing';
import type { Product } from '@bazaar/shared/products';
import { expect, test } from '@playwright/test';

test('the home page shows the 12 newest products with their prices and images', async ({ page, request }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  const response = await request.get('/api/products?limit=12&sort=newest');
  expect(response.ok()).toBe(true);
  const products = (await response.json()) as Product[];
  expect(products).toHaveLength(12);

  await page.goto('/');
  await expect(page).toHaveTitle('Bazaar');
  const newest = page.getByRole('region', { name: 'New Product' });
  await expect(newest.getByRole('heading', { name: 'New Product' })).toBeVisible();
  const cards = newest.getByRole('listitem');
  await expect(cards).toHaveCount(12);

  for (const [index, product] of products.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole('heading')).toHaveText(product.name);
    const price = formatDollars(discountedCents(dollarsToCents(product.price), product.discount));
    expect(price).toMatch(/^\$\d+\.\d{2}$/);
    await expect(card.getByText(price, { exact: true })).toBeVisible();

    const image = card.getByRole('img', { name: product.mainImage.alt, exact: true });
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
  }

  // A blocked script, style or image shows up here, e.g. from the Content-Security-Policy.
  expect(problems).toEqual([]);
});

test('an unknown route shows the 404 error page, whose HomePage button leads home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'HomePage' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'New Product' })).toBeVisible();
});

test('a deep link is answered with the single-page app', async ({ page }) => {
  const response = await page.goto('/product/anything');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Bazaar' })).toBeVisible();
});
