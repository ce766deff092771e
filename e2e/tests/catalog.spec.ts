import type { Category } from '@bazaar/shared/categories';
import type { Product } from '@bazaar/shared/products';
import { expect, test } from '@playwright/test';
import {
  cardIds,
  cardNames,
  collectPageProblems,
  columnCount,
  expectImagesLoaded,
  expectNoSeriousA11yViolations,
  expectListedAsApi,
  fetchProducts,
  productCards,
} from '../support/storefront-checks.ts';

const PAGE_SIZE = 24;

test('a category card on the home page leads to that category’s products, and on to a product', async ({
  page,
  request,
}) => {
  const problems = collectPageProblems(page);
  await page.goto('/');
  const categories = page.getByRole('region', { name: 'Categories' });
  const card = categories.getByRole('listitem').first().getByRole('link');
  const name = (await card.textContent()) ?? '';
  expect(name).not.toBe('');
  const loadedAt = Date.now();
  await card.click();

  await expect(page).toHaveURL(`/search/${encodeURIComponent(name)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} Category Products`);
  await expect(page.getByText(/^Showing \d+ of \d+ products$/)).toBeVisible();
  await expectListedAsApi(page, request, { category: name, sort: 'newest' }, loadedAt);
  // Every product shown carries a category the route value contains.
  const ids = await cardIds(page);
  for (const id of ids) {
    const product = (await (await request.get(`/api/products/${id}`)).json()) as Product;
    expect(product.categories.some((category) => name.toLowerCase().includes(category))).toBe(true);
  }
  await expectImagesLoaded(page.getByRole('main'));

  const firstCard = productCards(page).first();
  const firstName = (await firstCard.getByRole('heading').textContent()) ?? '';
  await firstCard.getByRole('link').click();
  await expect(page).toHaveURL(`/product/${ids[0]}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstName);
  expect(problems).toEqual([]);
});

test('/categories-all shows every category as a card leading to its products', async ({ page, request }) => {
  const problems = collectPageProblems(page);
  const response = await request.get('/api/categories', { params: { sort: 'name' } });
  const expected = ((await response.json()) as Category[]).map((category) => category.categoryName);
  expect(expected.length).toBeGreaterThan(12);

  await page.goto('/categories-all');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Categories');
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(expected.length);
  expect(await cards.allTextContents()).toEqual(expected);
  await expect(page.getByRole('link', { name: 'Home & Kitchen', exact: true })).toHaveAttribute(
    'href',
    '/search/Home%20%26%20Kitchen',
  );
  await expectImagesLoaded(page.getByRole('main'));
  expect(problems).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});

test('/flash-sale shows only flash-sale products, newest first, under a ticking countdown', async ({
  page,
  request,
}) => {
  const problems = collectPageProblems(page);
  const loadedAt = Date.now();
  await page.goto('/flash-sale');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Flash Sale');
  await expect(page.getByText('Only Sale Now', { exact: true })).toBeVisible();
  await expect(page.getByText('Ending In', { exact: true })).toBeVisible();

  const timer = page.getByRole('timer', { name: 'Ending In' });
  await expect(timer).toHaveText(/^(\d+d)?\d\d:[0-5]\d:[0-5]\d$/);
  const text = async () => timer.textContent();
  const first = await text();
  await expect.poll(text).not.toBe(first);

  await expect(page.getByText(/^Showing \d+ of \d+ products$/)).toBeVisible();
  expect(await productCards(page).count()).toBeGreaterThanOrEqual(12);
  await expectListedAsApi(page, request, { flash_sale: true, sort: 'newest' }, loadedAt);
  for (const id of await cardIds(page)) {
    const product = (await (await request.get(`/api/products/${id}`)).json()) as Product;
    expect(product.flash_sale).toBe(true);
  }
  await expectImagesLoaded(page.getByRole('main'));
  expect(problems).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});

test('/new-product-page loads the next page as the shopper scrolls, newest first, without duplicates', async ({
  page,
  request,
}) => {
  const { total } = await fetchProducts(request, { limit: 1 });
  expect(total).toBeGreaterThan(PAGE_SIZE * 3);

  // On a phone one page of cards is far taller than the screen, so the second page waits for the scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  const loadedAt = Date.now();
  await page.goto('/new-product-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New Product');
  await expect(productCards(page)).toHaveCount(PAGE_SIZE);
  await expect(page.getByText(new RegExp(`^Showing ${PAGE_SIZE} of \\d+ products$`))).toBeVisible();
  expect(await columnCount(page)).toBe(2);

  await productCards(page).last().scrollIntoViewIfNeeded();
  await expect.poll(() => productCards(page).count()).toBeGreaterThanOrEqual(PAGE_SIZE * 2);
  await expectListedAsApi(page, request, { sort: 'newest' }, loadedAt);
  const afterScroll = await productCards(page).count();

  // The button reaches the next page without scrolling (keyboard, assistive technology).
  await page.getByRole('button', { name: 'Load more' }).press('Enter');
  await expect.poll(() => productCards(page).count()).toBeGreaterThan(afterScroll);
  await expectListedAsApi(page, request, { sort: 'newest' }, loadedAt);
});

test('/new-product-page shows 6 columns on a desktop', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/new-product-page');
  await expect(productCards(page).first()).toBeVisible();
  expect(await columnCount(page)).toBe(6);
});

test('/only-for-you lists the products in server order', async ({ page, request }) => {
  const expected = await fetchProducts(request, { sort: 'server', limit: PAGE_SIZE });
  await page.goto('/only-for-you');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Only For You');
  await expect(productCards(page)).toHaveCount(PAGE_SIZE);
  expect(await cardNames(page)).toEqual(expected.products.map((product) => product.name));
});

test('a category with no products shows the empty state', async ({ page }) => {
  await page.goto('/search/nothing-matches-this');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('nothing-matches-this Category Products');
  await expect(page.getByText('No products found')).toBeVisible();
  await expect(productCards(page)).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
});

test('/search/Smartphones has no serious accessibility violation', async ({ page }) => {
  await page.goto('/search/Smartphones');
  await expect(productCards(page).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
