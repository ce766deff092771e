import { discountedCents, dollarsToCents, formatDollars } from '@bazaar/shared/pricing';
import type { Product } from '@bazaar/shared/products';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  collectPageProblems,
  expectImagesLoaded,
  expectNoSeriousA11yViolations,
  fetchProducts,
  productCards,
} from '../support/storefront-checks.ts';

/**
 * The demo catalog: the first 200 products in server order (oldest first), so not those that tests running
 * beside this one add and delete.
 */
async function catalog(request: APIRequestContext): Promise<Product[]> {
  const pages = await Promise.all(
    [0, 100].map((offset) => fetchProducts(request, { sort: 'server', limit: 100, offset })),
  );
  return pages.flatMap((page) => page.products);
}

async function findProduct(
  request: APIRequestContext,
  wanted: (product: Product) => boolean,
): Promise<Product> {
  const product = (await catalog(request)).find(wanted);
  if (!product) throw new Error('the demo catalog has no such product');
  return product;
}

async function expectProductShown(page: Page, product: Product): Promise<void> {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(main.getByText(product.description)).toBeVisible();

  const cents = dollarsToCents(product.price);
  const details = main.getByRole('article').first();
  await expect(
    details.getByText(formatDollars(discountedCents(cents, product.discount)), { exact: true }),
  ).toBeVisible();
  if (product.discount > 0) {
    await expect(details.getByText(formatDollars(cents), { exact: true })).toBeVisible();
    await expect(details.getByText(`-${product.discount}%`, { exact: true })).toBeVisible();
  }

  await expect(details.getByRole('term').filter({ hasText: 'Brand' })).toBeVisible();
  await expect(details.getByRole('definition').first()).toHaveText(product.brand ?? 'N/A');
  await expect(details.getByRole('definition').nth(1)).toHaveText(
    product.shipping_details.estimated_delivery ?? 'N/A',
  );

  const stars = Math.min(5, Math.max(0, Math.round(product.ratings)));
  await expect(details.getByRole('img', { name: `Rated ${stars} out of 5` })).toBeVisible();
  const reviews = `${product.reviews_count.toLocaleString('en-US')} ${product.reviews_count === 1 ? 'review' : 'reviews'}`;
  await expect(details.getByText(`(${reviews})`)).toBeVisible();

  const colours = details.getByRole('region', { name: 'Colours' }).getByRole('listitem');
  await expect(colours).toHaveText(product.colors);
  const features = details.getByRole('region', { name: 'Features' }).getByRole('listitem');
  await expect(features).toHaveText(product.features);

  await expect(details.getByRole('img', { name: product.mainImage.alt }).first()).toBeVisible();
  await expect(details.getByRole('button', { name: /^Show image \d+ of \d+$/ })).toHaveCount(
    product.images.length + 1,
  );
  await expect(details.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Buy Now' })).toBeVisible();
  await expectImagesLoaded(details);
}

test('a product page shows every field of a product, and 6 other products Just For You', async ({
  page,
  request,
}) => {
  const problems = collectPageProblems(page);
  const product = await findProduct(
    request,
    (candidate) =>
      candidate.discount > 0 &&
      candidate.brand !== null &&
      candidate.shipping_details.estimated_delivery !== null &&
      candidate.images.length > 0,
  );
  await page.goto(`/product/${product._id}`);
  await expectProductShown(page, product);

  const colourDot = page
    .getByRole('region', { name: 'Colours' })
    .getByRole('listitem')
    .first()
    .locator('span');
  expect(await colourDot.evaluate((dot) => getComputedStyle(dot).backgroundColor)).not.toBe(
    'rgba(0, 0, 0, 0)',
  );

  const justForYou = page.getByRole('region', { name: 'Just For You' });
  await expect(productCards(justForYou)).toHaveCount(6);
  await expect(justForYou.getByRole('link', { name: product.name, exact: true })).toHaveCount(0);
  await expectImagesLoaded(justForYou);
  expect(problems).toEqual([]);
});

test('a product without brand or delivery estimate shows N/A for both', async ({ page, request }) => {
  const product = await findProduct(
    request,
    (candidate) => candidate.brand === null && candidate.shipping_details.estimated_delivery === null,
  );
  await page.goto(`/product/${product._id}`);
  await expectProductShown(page, product);
});

test('a thumbnail shows its picture as the main image', async ({ page, request }) => {
  const product = await findProduct(request, (candidate) => candidate.images.length > 0);
  await page.goto(`/product/${product._id}`);
  const main = page.getByRole('main').getByRole('img').first();
  await expect(main).toHaveAttribute('src', product.mainImage.url);
  const thumbnail = page.getByRole('button', { name: `Show image 2 of ${product.images.length + 1}` });
  await expect(thumbnail).toHaveAttribute('aria-pressed', 'false');
  await thumbnail.click();
  await expect(thumbnail).toHaveAttribute('aria-pressed', 'true');
  await expect(main).toHaveAttribute('src', product.images[0]?.url ?? '');
});

test('Add to Cart confirms with a toast and the header badge counts the product once', async ({
  page,
  request,
}) => {
  const [product] = (await fetchProducts(request, { sort: 'server', limit: 1 })).products;
  if (!product) throw new Error('the demo catalog is empty');
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('link', { name: 'Cart, 0 products' })).toBeVisible();

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Product added to cart')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 product' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  // The badge counts distinct products; the cart keeps the quantity.
  await expect(page.getByRole('link', { name: 'Cart, 1 product' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('bazaar-cart')))
    .toBe(JSON.stringify({ [product._id]: 2 }));
});

test('Buy Now makes the product the only buy item and goes to checkout (via login when signed out)', async ({
  page,
  request,
}) => {
  const [product] = (await fetchProducts(request, { sort: 'server', limit: 1, offset: 1 })).products;
  if (!product) throw new Error('the demo catalog is empty');
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/(login|dashboard\/addorders)$/);
  expect(await page.evaluate(() => localStorage.getItem('bazaar-buy-items'))).toBe(
    JSON.stringify([{ productId: product._id, quantity: 1 }]),
  );
});

for (const [label, id] of [
  ['an unknown', '00000000-0000-4000-8000-000000000000'],
  ['a malformed', 'not-a-product'],
] as const) {
  test(`${label} product id shows the 404 error page`, async ({ page }) => {
    await page.goto(`/product/${id}`);
    await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'HomePage' })).toBeVisible();
  });
}

test('the product page has no serious accessibility violation', async ({ page, request }) => {
  const [product] = (await fetchProducts(request, { flash_sale: true, sort: 'server', limit: 1 })).products;
  await page.goto(`/product/${product?._id}`);
  await expect(productCards(page.getByRole('region', { name: 'Just For You' }))).toHaveCount(6);
  await expectNoSeriousA11yViolations(page);
});
