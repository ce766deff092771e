import type { Category } from '@bazaar/shared/categories';
import { discountedCents, dollarsToCents, formatDollars } from '@bazaar/shared/pricing';
import type { Product } from '@bazaar/shared/products';
import { expect, test, type Page } from '@playwright/test';
import {
  cardIds,
  cardNames,
  collectPageProblems,
  columnCount,
  expectImagesLoaded,
  expectNoSeriousA11yViolations,
  expectListedAsApi,
  productCards,
} from '../support/storefront-checks.ts';

test('the home page shows every block with the spec counts, newest first where it says so', async ({
  page,
  request,
}) => {
  const problems = collectPageProblems(page);
  const loadedAt = Date.now();
  await page.goto('/');
  await expect(page).toHaveTitle('Bazaar');

  const flashBlock = page.getByRole('region', { name: 'Flash Sale' });
  await expect(productCards(flashBlock)).toHaveCount(6);
  await expectListedAsApi(flashBlock, request, { flash_sale: true, sort: 'newest' }, loadedAt);
  await expect(flashBlock.getByRole('timer')).toHaveText(/^(\d+d)?\d\d:[0-5]\d:[0-5]\d$/);
  await expect(flashBlock.getByRole('link', { name: 'View More' })).toHaveAttribute('href', '/flash-sale');

  const categories = page.getByRole('region', { name: 'Categories' });
  await expect(categories.getByRole('listitem')).toHaveCount(12);
  const categoryResponse = await request.get('/api/categories');
  const allCategories = ((await categoryResponse.json()) as Category[]).map(
    (category) => category.categoryName,
  );
  for (const name of await categories.getByRole('listitem').allTextContents()) {
    expect(allCategories).toContain(name);
    await expect(categories.getByRole('link', { name, exact: true })).toHaveAttribute(
      'href',
      `/search/${encodeURIComponent(name)}`,
    );
  }
  await expect(categories.getByRole('link', { name: 'View More' })).toHaveAttribute(
    'href',
    '/categories-all',
  );

  const onlyForYou = page.getByRole('region', { name: 'Only For You' });
  await expect(productCards(onlyForYou)).toHaveCount(12);
  expect(new Set(await cardNames(onlyForYou)).size).toBe(12);
  await expect(onlyForYou.getByRole('link', { name: 'View More' })).toHaveAttribute('href', '/only-for-you');

  const newBlock = page.getByRole('region', { name: 'New Product' });
  await expect(productCards(newBlock)).toHaveCount(12);
  await expectListedAsApi(newBlock, request, { sort: 'newest' }, loadedAt);
  await expect(newBlock.getByRole('link', { name: 'View More' })).toHaveAttribute(
    'href',
    '/new-product-page',
  );

  // Each card shows the product's name, main image and discounted price, and links to the product.
  for (const [index, id] of (await cardIds(newBlock)).entries()) {
    const response = await request.get(`/api/products/${id}`);
    expect(response.ok()).toBe(true);
    const product = (await response.json()) as Product;
    const card = productCards(newBlock).nth(index);
    const price = formatDollars(discountedCents(dollarsToCents(product.price), product.discount));
    await expect(card.getByText(price, { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: product.name })).toHaveAttribute(
      'href',
      `/product/${product._id}`,
    );
    await expect(card.getByRole('img', { name: product.mainImage.alt, exact: true })).toBeVisible();
  }

  for (const block of [flashBlock, categories, onlyForYou, newBlock]) await expectImagesLoaded(block);
  expect(problems).toEqual([]);
});

/** Opens the home page with the page's clock stopped, so that the banner moves only when the test says so. */
async function openHomeWithStoppedClock(page: Page) {
  const start = new Date('2026-01-01T00:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Highlights' });
  // Hidden slides are aria-hidden, so the one visible slide is the only group a user can reach.
  return { banner, slide: banner.getByRole('group') };
}

test('the banner advances by itself every 3 seconds', async ({ page }) => {
  const { slide } = await openHomeWithStoppedClock(page);
  await expect(slide).toHaveAccessibleName('1 of 4');
  await expectImagesLoaded(slide);
  await page.clock.runFor(2_900);
  await expect(slide).toHaveAccessibleName('1 of 4');
  await page.clock.runFor(100);
  await expect(slide).toHaveAccessibleName('2 of 4');
  await page.clock.runFor(3_000 * 3);
  await expect(slide).toHaveAccessibleName('1 of 4');
});

test('the banner moves with Previous, Next and the slide buttons, and its Stop button stops it', async ({
  page,
}) => {
  const { banner, slide } = await openHomeWithStoppedClock(page);
  await expect(slide).toHaveAccessibleName('1 of 4');
  await banner.getByRole('button', { name: 'Next slide' }).click();
  await expect(slide).toHaveAccessibleName('2 of 4');
  await expectImagesLoaded(slide);
  await banner.getByRole('button', { name: 'Previous slide' }).click();
  await banner.getByRole('button', { name: 'Previous slide' }).click();
  await expect(slide).toHaveAccessibleName('4 of 4');
  await banner.getByRole('button', { name: 'Next slide' }).click();
  await expect(slide).toHaveAccessibleName('1 of 4');
  await banner.getByRole('button', { name: 'Show slide 3' }).click();
  await expect(slide).toHaveAccessibleName('3 of 4');

  await banner.getByRole('button', { name: 'Stop automatic slide show' }).click();
  await page.mouse.move(0, 0);
  await page.getByRole('heading', { name: 'Flash Sale', exact: true }).click();
  await page.clock.runFor(10_000);
  await expect(slide).toHaveAccessibleName('3 of 4');
  await banner.getByRole('button', { name: 'Start automatic slide show' }).click();
  await page.mouse.move(0, 0);
  await page.getByRole('heading', { name: 'Flash Sale', exact: true }).click();
  await page.clock.runFor(3_000);
  await expect(slide).toHaveAccessibleName('4 of 4');

  // Only the visible slide's link can be reached; it leads to what the picture advertises.
  await expect(banner.getByRole('link')).toHaveCount(1);
  await banner.getByRole('button', { name: 'Show slide 1' }).click();
  await slide.getByRole('link', { name: 'Mega Sale: up to 50% off' }).click();
  await expect(page).toHaveURL('/flash-sale');
});

test('the banner keeps its height while it rotates, so nothing below it moves', async ({ page }) => {
  const { slide } = await openHomeWithStoppedClock(page);
  const heading = page.getByRole('heading', { name: 'Flash Sale', exact: true });
  await expect(heading).toBeVisible();
  const before = await heading.boundingBox();
  await page.clock.runFor(3_000);
  await expect(slide).toHaveAccessibleName('2 of 4');
  expect(await heading.boundingBox()).toEqual(before);
});

test('the FAQ has 6 entries that open to answer what the shop promises', async ({ page }) => {
  await page.goto('/');
  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
  const questions = faq.locator('summary');
  await expect(questions).toHaveCount(6);

  const answers = [
    ['Do you ship worldwide?', /ship to every country/],
    ['What does shipping cost?', /sets their fee: \$10\.00 an order/],
    ['How long does delivery to the UK take?', /3-5 working days/],
    ['What is your return policy?', /within 45 days/],
    ['Can I exchange a product?', /do not offer exchanges/],
    ['How can I pay?', /cash on delivery, bKash or Rocket/],
  ] as const;
  for (const [question, answer] of answers) {
    await expect(faq.getByText(answer)).toBeHidden();
    await faq.getByText(question).click();
    await expect(faq.getByText(answer)).toBeVisible();
  }
  // Keyboard: a question toggles with Enter.
  await faq.getByText('Do you ship worldwide?').focus();
  await page.keyboard.press('Enter');
  await expect(faq.getByText(/ship to every country/)).toBeHidden();
});

test('the home page lays products out in 6 columns on a desktop and 2 on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const newBlock = page.getByRole('region', { name: 'New Product' });
  await expect(productCards(newBlock)).toHaveCount(12);
  expect(await columnCount(newBlock)).toBe(6);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await columnCount(newBlock)).toBe(2);
});

test('the home page has no serious accessibility violation', async ({ page }) => {
  await page.goto('/');
  await expect(productCards(page.getByRole('region', { name: 'New Product' }))).toHaveCount(12);
  await expect(page.getByRole('region', { name: 'Categories' }).getByRole('listitem')).toHaveCount(12);
  await expectNoSeriousA11yViolations(page);
});
