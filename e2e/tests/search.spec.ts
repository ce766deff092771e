import { TOTAL_COUNT_HEADER } from '@bazaar/shared/pagination';
import type { Product } from '@bazaar/shared/products';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpViaApi } from '../support/auth.ts';
import { createProductViaApi, uniqueWord } from '../support/shop-data.ts';
import { screenshots } from '../support/screens.ts';
import { productCards } from '../support/storefront-checks.ts';

/** What the server answers for a search: the total and the first 12, by relevance (as the results page ranks). */
async function searchApi(request: APIRequestContext, text: string) {
  const response = await request.get('/api/products', { params: { q: text, limit: 12 } });
  expect(response.ok()).toBe(true);
  return {
    total: Number(response.headers()[TOTAL_COUNT_HEADER]),
    names: ((await response.json()) as Product[]).map((product) => product.name),
  };
}

function countText(total: number): string {
  return `${total} ${total === 1 ? 'product' : 'products'}`;
}

async function expectResults(page: Page, text: string, expected: { total: number; names: string[] }) {
  const results = page.getByRole('region', { name: 'Search Results' });
  await expect(results.getByText(`${countText(expected.total)} for “${text}”`)).toBeVisible();
  await expect(results.getByRole('listitem')).toHaveCount(expected.names.length);
  for (const [index, name] of expected.names.entries()) {
    await expect(results.getByRole('listitem').nth(index).getByRole('link')).toContainText(name);
  }
  return results;
}

test('typing shows the Search Results with the server’s count, and they follow the text', async ({
  page,
  browser,
}) => {
  // Products of this test's own word: the journeys running beside it add products to the rest of the catalog.
  const word = uniqueWord();
  const sellersPage = await browser.newPage();
  await signUpViaApi(sellersPage, { name: 'Kim Kettles' });
  for (let n = 1; n <= 13; n += 1)
    await createProductViaApi(sellersPage.request, { name: `${word} kettle ${n}` });
  await createProductViaApi(sellersPage.request, { name: `${word} smart kettle` });
  const broad = await searchApi(sellersPage.request, word);
  const narrow = await searchApi(sellersPage.request, `${word} smart`);
  await sellersPage.close();
  expect(broad.total).toBe(14);
  expect(narrow).toEqual({ total: 1, names: [`${word} smart kettle`] });

  await page.goto('/');
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await box.fill(word);
  const results = await expectResults(page, word, broad);
  await expect(results.getByText(/Showing the first 12/)).toBeVisible();

  // Case does not matter; the list follows the text as it changes.
  await box.fill(`${word} SMART`.toUpperCase());
  await expectResults(page, `${word} SMART`.toUpperCase(), narrow);

  await box.fill('zzqqxx');
  await expect(results.getByText('0 products for “zzqqxx”')).toBeVisible();
  await expect(results.getByText('Nothing matched “zzqqxx”. Try another word.')).toBeVisible();

  await box.fill('');
  await expect(results).toBeHidden();
});

test('the results find a brand and a category too, in the results page’s order', async ({
  page,
  browser,
}) => {
  const word = uniqueWord();
  const sellersPage = await browser.newPage();
  await signUpViaApi(sellersPage, { name: 'Bo Brands' });
  // Oldest first: the word in a name ranks first, though the other two are newer.
  const byName = `${word} teapot`;
  const byBrand = 'Plain mug';
  const byCategory = 'Plain jug';
  await createProductViaApi(sellersPage.request, { name: byName });
  await createProductViaApi(sellersPage.request, { name: byBrand, brand: `${word} Works` });
  await createProductViaApi(sellersPage.request, { name: byCategory, categories: [word] });
  await sellersPage.close();

  await page.goto(`/search?q=${word}`);
  const cards = productCards(page.getByRole('region', { name: 'Results' })).getByRole('heading');
  await expect(cards).toHaveText([byName, byCategory, byBrand]);
  const pageOrder = await cards.allTextContents();

  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search products' }).fill(word);
  await expectResults(page, word, { total: 3, names: pageOrder });
  await screenshots(page, 'search-instant-results');
});

test('a result opens its product page and closes the results', async ({ page, request }) => {
  const { names } = await searchApi(request, 'smart');
  const name = names[0] ?? '';
  await page.goto('/about');
  await page.getByRole('searchbox', { name: 'Search products' }).fill('smart');
  const results = page.getByRole('region', { name: 'Search Results' });
  await results.getByRole('link', { name }).first().click();
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  await expect(results).toBeHidden();
});

test('the results work from the keyboard, and Escape closes them', async ({ page, request }) => {
  const { names } = await searchApi(request, 'smart');
  await page.goto('/');
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await box.fill('smart');
  const results = page.getByRole('region', { name: 'Search Results' });
  await expect(results.getByRole('listitem')).toHaveCount(names.length);

  await box.press('ArrowDown');
  await expect(results.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(results).toBeHidden();
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('smart');

  // Tab from the box reaches the first result too.
  await box.press('End');
  await box.press('s');
  await box.press('Backspace');
  await expect(results).toBeVisible();
  await box.press('Tab');
  await expect(results.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/product\//);
});

test('only the last text is searched while typing fast', async ({ page }) => {
  const searched: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/products' && url.searchParams.has('q'))
      searched.push(url.searchParams.get('q') ?? '');
  });
  await page.goto('/about');
  await page
    .getByRole('searchbox', { name: 'Search products' })
    .pressSequentially('headphones', { delay: 20 });
  await expect(
    page.getByRole('region', { name: 'Search Results' }).getByText(/for “headphones”/),
  ).toBeVisible();
  expect(searched).toEqual(['headphones']);
});

test('on a phone the search works and its results fit the screen', async ({ page, request }) => {
  const expected = await searchApi(request, 'smart');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search products' }).fill('smart');
  const results = await expectResults(page, 'smart', expected);
  const box = await results.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await results.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/product\//);
});
