import { expect, test } from '@playwright/test';

test('an unknown route shows Error 404 with the message, inside the shop’s layout', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText('This page does not exist.')).toBeVisible();
  // The header stays, so the visitor can search or navigate from here.
  await expect(page.getByRole('banner').getByRole('searchbox', { name: 'Search products' })).toBeVisible();

  await page.getByRole('link', { name: 'HomePage' }).click();
  await expect(page).toHaveURL('/');
});
