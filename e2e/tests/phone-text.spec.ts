import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpViaApi } from '../support/auth.ts';
import { pngFile, TEXT_AS_JPEG } from '../support/pictures.ts';
import { screenshot } from '../support/screens.ts';
import { expectNoSeriousA11yViolations } from '../support/storefront-checks.ts';

// The smallest text a phone shows that a person has to read.
const SMALLEST_READABLE_PX = 12;

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The font size, in CSS pixels, of the smallest words in `scope` that are on the screen. */
function smallestText(scope: Locator): Promise<number> {
  return scope.evaluate((root) => {
    const sizes = Array.from(root.querySelectorAll('*'))
      .filter((element) =>
        Array.from(element.childNodes).some((node) => node.nodeType === 3 && node.textContent?.trim()),
      )
      .filter((element) => element.getClientRects().length > 0 && !element.closest('.sr-only'))
      .map((element) => parseFloat(getComputedStyle(element).fontSize));
    return Math.min(...sizes);
  });
}

/**
 * The font size, in CSS pixels, of the smallest words drawn in the SVG picture `image` as the page shows it
 * (scaled to cover its box).
 */
async function smallestDrawnText(page: Page, image: Locator): Promise<number> {
  const source = await page.request.get((await image.getAttribute('src')) ?? '');
  const sizes = [...(await source.text()).matchAll(/font-size="([\d.]+)"/g)].map((match) => Number(match[1]));
  expect(sizes.length).toBeGreaterThan(0);
  const scale = await image.evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    return Math.max(box.width / img.naturalWidth, box.height / img.naturalHeight);
  });
  return Math.min(...sizes) * scale;
}

test('the home banner’s words are readable on a phone', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Highlights' });
  await banner.getByRole('button', { name: 'Stop automatic slide show' }).click();
  // Every slide's picture, the hidden ones too.
  const slides = banner.locator('a img');
  await expect(slides).toHaveCount(4);
  for (const slide of await slides.all()) {
    await expect.poll(() => slide.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await smallestDrawnText(page, slide)).toBeGreaterThanOrEqual(SMALLEST_READABLE_PX);
  }
  await screenshot(page, 'home-banner-phone-390');
});

test('the dashboard overview’s tiles are readable on a phone', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/dashboard');
  // The figures' tiles: a description list, one term and one figure each.
  const tiles = page.getByRole('main').locator('dl');
  await expect(tiles.getByText('Total Revenue')).toBeVisible();
  expect(await smallestText(tiles)).toBeGreaterThanOrEqual(SMALLEST_READABLE_PX);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'dashboard-overview-phone-390');
});

test('the product form’s photo tiles are readable on a phone, refused and failed ones too', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/dashboard/add-products');
  const photos = page.getByRole('main').getByRole('group', { name: 'Photos' });
  await photos
    .getByLabel('Add photos')
    .setInputFiles([pngFile('wide.png', 90, 60, [200, 40, 40]), TEXT_AS_JPEG]);
  await photos.getByLabel('Images', { exact: true }).fill('https://127.0.0.1:1/missing.jpg');
  const tiles = photos.getByRole('list', { name: 'Chosen photos' });
  await expect(tiles.getByText('Main photo')).toBeVisible();
  await expect(tiles.getByText('Not added')).toBeVisible();
  await expect(tiles.getByText('Could not load this picture')).toBeVisible();
  expect(await smallestText(tiles)).toBeGreaterThanOrEqual(SMALLEST_READABLE_PX);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'product-form-photo-tiles-phone-390');
});
