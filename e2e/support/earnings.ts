import { expect, type Locator, type Page } from '@playwright/test';

/** The figure of the Earnings page's tile `term`. */
export const earningsTile = (page: Page, term: string): Locator =>
  page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

/** The entries table's rows as they read: entry and amount. */
export async function earningsEntries(page: Page): Promise<string[][]> {
  const rows = page
    .getByRole('region', { name: 'Entries' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  return rows.evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td'), (cell) => cell.textContent ?? '')),
  );
}

export async function openEarnings(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Earnings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
}
