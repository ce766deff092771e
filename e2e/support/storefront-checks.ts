import AxeBuilder from '@axe-core/playwright';
import type { Product } from '@bazaar/shared/products';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * Collects console errors and uncaught exceptions of `page`: a script, style or image blocked by the
 * Content-Security-Policy, a failed request or a crash shows up here.
 */
export function collectPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Every image inside `scope` has loaded (an image that failed or was blocked has naturalWidth 0). */
export async function expectImagesLoaded(scope: Locator): Promise<void> {
  const images = await scope.locator('img').all();
  expect(images.length).toBeGreaterThan(0);
  for (const image of images) {
    // Lazy images load once near the viewport.
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
  }
}

/** The page is no wider than its window: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
}

/**
 * axe finds no serious or critical accessibility violation on the page. Toasts are left out: one that starts to
 * fade while axe runs is half transparent, which axe counts as text without contrast.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).exclude('[data-rht-toaster]').analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious).toEqual([]);
}

/** The product cards inside `scope`. */
export function productCards(scope: Locator | Page): Locator {
  return scope.getByRole('article');
}

/** The product names the cards inside `scope` show, in order. */
export function cardNames(scope: Locator | Page): Promise<string[]> {
  return productCards(scope).getByRole('heading').allTextContents();
}

/** The product ids the cards inside `scope` link to with their names, in order (not a seller's Edit link). */
export async function cardIds(scope: Locator | Page): Promise<string[]> {
  const hrefs = await productCards(scope)
    .getByRole('heading')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace(/^\/product\//, ''));
}

/**
 * The cards inside `scope` show the API's list for `params` in its order, as it stood at `since` (a
 * Date.now() taken before the page loaded). Tests running beside this one may add or delete products
 * meanwhile: those are left out on both sides.
 */
export async function expectListedAsApi(
  scope: Locator | Page,
  request: APIRequestContext,
  params: Record<string, string | number | boolean>,
  since: number,
): Promise<void> {
  const shown = await cardIds(scope);
  expect(new Set(shown).size).toBe(shown.length);
  const { products } = await fetchProducts(request, {
    ...params,
    offset: 0,
    limit: Math.min(100, shown.length + 20),
  });
  const existedAtLoad = new Map(
    products
      .filter((product) => Date.parse(product.createdAt) <= since)
      .map((product) => [product._id, product]),
  );
  const shownThen = shown.filter((id) => existedAtLoad.has(id));
  // Nearly every card must take part, or the comparison would prove nothing.
  expect(shownThen.length).toBeGreaterThanOrEqual(shown.length - 3);
  expect(shownThen).toEqual([...existedAtLoad.keys()].slice(0, shownThen.length));
}

/** GETs a product list from the API, with its X-Total-Count. */
export async function fetchProducts(
  request: APIRequestContext,
  params: Record<string, string | number | boolean>,
): Promise<{ products: Product[]; total: number }> {
  const response = await request.get('/api/products', { params });
  expect(response.ok()).toBe(true);
  return {
    products: (await response.json()) as Product[],
    total: Number(response.headers()['x-total-count']),
  };
}

/** The number of columns the cards inside `scope` are laid out in: how many share the first card's row. */
export async function columnCount(scope: Locator | Page): Promise<number> {
  const tops = await productCards(scope).evaluateAll((cards) =>
    cards.map((card) => Math.round(card.getBoundingClientRect().top)),
  );
  return tops.filter((top) => top === tops[0]).length;
}
