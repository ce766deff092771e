import { discountedCents, dollarsToCents, formatDollars } from '@bazaar/shared/pricing';
import type { Product } from '@bazaar/shared/products';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaRequest } from '../support/auth.ts';
import { screenshot } from '../support/screens.ts';
import { createProductViaApi } from '../support/shop-data.ts';

const PHONE = { width: 390, height: 844 };

/** The product page's own Add to Cart, in the page beside Buy Now. */
const mainButton = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Add to Cart' });
const bar = (page: Page) => page.getByRole('region', { name: 'Add to cart bar' });

/** Scrolls until the page's own Add to Cart, and Buy Now below it, are just above the window's top. */
async function scrollPast(page: Page): Promise<void> {
  await expect(mainButton(page)).toBeVisible();
  const buyNow = page.getByRole('main').getByRole('button', { name: 'Buy Now' });
  await buyNow.evaluate((button) =>
    window.scrollTo(0, window.scrollY + button.getBoundingClientRect().bottom + 40),
  );
  await expect(mainButton(page)).not.toBeInViewport();
  await expect(buyNow).not.toBeInViewport();
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('Add to Cart stays in reach in a bar once the page’s own has scrolled away, with its stock rules', async ({
    page,
    request,
  }) => {
    await signUpViaRequest(request, { name: 'Barbara Bar' });
    const product: Product = await createProductViaApi(request, {
      name: `Reachable Radio ${Date.now().toString(36)}`,
      price: 30,
      discount: 10,
      stock: 2,
    });
    await page.goto(`/product/${product._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(bar(page)).toHaveCount(0);

    await scrollPast(page);
    await expect(bar(page)).toBeVisible();
    await expect(bar(page)).toBeInViewport({ ratio: 1 });
    await expect(
      bar(page).getByText(formatDollars(discountedCents(dollarsToCents(30), 10)), { exact: true }),
    ).toBeVisible();
    await screenshot(page, 'phone-add-to-cart-bar');

    const add = bar(page).getByRole('button', { name: 'Add to Cart' });
    await add.click();
    await expect(page.getByRole('status').filter({ hasText: 'Product added to cart' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 1 product' })).toBeAttached();
    await add.click();
    // Two in stock: a third is refused as the page's own button refuses it.
    await add.click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your cart already holds all 2 left of this product' }),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('bazaar-cart'))).toBe(
      JSON.stringify({ [product._id]: 2 }),
    );

    // At the page's end the bar covers none of it: the footer ends above the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole('contentinfo')).toBeInViewport();
    const footer = await page.getByRole('contentinfo').boundingBox();
    const barBox = await bar(page).boundingBox();
    expect(footer!.y + footer!.height).toBeLessThanOrEqual(barBox!.y + 1);

    // Back at the top, the page's own button is ahead again: no bar.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar(page)).toHaveCount(0);
  });

  test('the bar’s Add to Cart is disabled when the product is sold out', async ({ page, request }) => {
    await signUpViaRequest(request, { name: 'Sid Soldout' });
    const product = await createProductViaApi(request, { name: `Gone Gramophone ${Date.now()}`, stock: 0 });
    await page.goto(`/product/${product._id}`);
    await expect(mainButton(page)).toBeDisabled();
    await scrollPast(page);
    await expect(bar(page).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });
});

test('on a desktop the bar never shows, however far the page scrolls', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpViaRequest(request, { name: 'Desmond Desk' });
  const product = await createProductViaApi(request, { name: `Wide Wireless ${Date.now()}`, stock: 5 });
  await page.goto(`/product/${product._id}`);
  await scrollPast(page);
  await expect(page.getByRole('heading', { name: 'Just For You' })).toBeAttached();
  await expect(bar(page)).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(bar(page)).toBeHidden();
});
