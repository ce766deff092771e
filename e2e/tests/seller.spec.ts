import type { Product } from '@bazaar/shared/products';
import { expect, test, type Browser } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { signUpViaApi, type SignedUpAccount } from '../support/auth.ts';
import { createProductViaApi } from '../support/shop-data.ts';
import {
  cardIds,
  columnCount,
  expectNoSeriousA11yViolations,
  productCards,
} from '../support/storefront-checks.ts';

const PAGE_SIZE = 24;

/** "November 2026": the month of today, when the test's seller signed up. */
const thisMonth = () =>
  new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * A new seller with `count` products, added in their own browser; resolves to the seller and their products,
 * newest first. The page under test stays anonymous.
 */
async function sellerWithProducts(
  browser: Browser,
  count: number,
): Promise<{ seller: SignedUpAccount; newestFirst: Product[] }> {
  const sellersPage = await browser.newPage();
  const label = uniqueEmail('p').split('@')[0] ?? 'p';
  const seller = await signUpViaApi(sellersPage, { name: `Pia Potter ${label.slice(-6)}` });
  const products: Product[] = [];
  for (let i = 1; i <= count; i++) {
    products.push(await createProductViaApi(sellersPage.request, { name: `Potter bowl ${i} ${label}` }));
  }
  await sellersPage.close();
  return { seller, newestFirst: products.reverse() };
}

test('a shopper follows “Sold by” from a product to the seller’s page: name, member since, only their products, newest first, page by page', async ({
  page,
  browser,
}) => {
  const { seller, newestFirst } = await sellerWithProducts(browser, PAGE_SIZE + 2);
  // Another seller's product, so that "only theirs" is tested against something.
  const { newestFirst: others } = await sellerWithProducts(browser, 1);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/product/${newestFirst[3]!._id}`);
  const details = page.getByRole('main').getByRole('article').first();
  await expect(details.getByText(`Sold by ${seller.name}`)).toBeVisible();
  await details.getByRole('link', { name: seller.name, exact: true }).click();

  await expect(page).toHaveURL(`/seller/${seller.handle}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(seller.name);
  await expect(page).toHaveTitle(`${seller.name} — Bazaar`);
  await expect(main.getByText(`Member since ${thisMonth()} · ${PAGE_SIZE + 2} products`)).toBeVisible();
  await expect(productCards(main)).toHaveCount(PAGE_SIZE);
  expect(await cardIds(main)).toEqual(newestFirst.slice(0, PAGE_SIZE).map((product) => product._id));
  // The pointer left where the link was lifts the card under it, until it moves away and the card settles.
  await page.mouse.move(0, 0);
  // Five beside the filters' sidebar.
  await expect.poll(() => columnCount(main)).toBe(5);
  await expectNoSeriousA11yViolations(page);

  // Scrolling to the foot of the list loads the next page.
  await main.getByText(`Showing ${PAGE_SIZE} of ${PAGE_SIZE + 2} products`).scrollIntoViewIfNeeded();
  await expect(main.getByText(`Showing ${PAGE_SIZE + 2} of ${PAGE_SIZE + 2} products`)).toBeVisible();
  expect(await cardIds(main)).toEqual(newestFirst.map((product) => product._id));
  expect(await cardIds(main)).not.toContain(others[0]!._id);
});

test('the seller’s page on a phone: the name above the facts, two columns, nothing wider than the screen', async ({
  page,
  browser,
}) => {
  const { seller, newestFirst } = await sellerWithProducts(browser, 3);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/seller/${seller.handle}`);
  const main = page.getByRole('main');
  const heading = main.getByRole('heading', { level: 1 });
  const facts = main.getByText(`Member since ${thisMonth()} · 3 products`);
  await expect(heading).toHaveText(seller.name);
  await expect(facts).toBeVisible();
  expect((await facts.boundingBox())!.y).toBeGreaterThan((await heading.boundingBox())!.y);
  expect(await cardIds(main)).toEqual(newestFirst.map((product) => product._id));
  expect(await columnCount(main)).toBe(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
});

test('a user without products has no page: their handle shows the error page, as an unknown one does', async ({
  page,
  browser,
}) => {
  const { seller: buyer } = await sellerWithProducts(browser, 0);
  const answer = await page.goto(`/seller/${buyer.handle}`);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText('Seller not found')).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(buyer.name);
});

test('an unknown seller handle shows the error page', async ({ page }) => {
  await page.goto('/seller/nobody-has-this-handle');
  await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText('Seller not found')).toBeVisible();
});
