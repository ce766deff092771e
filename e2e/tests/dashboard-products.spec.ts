import { discountedCents, formatDollars } from '@bazaar/shared/pricing';
import type { Product } from '@bazaar/shared/products';
import { expect, test, type Browser, type Locator, type Page, type Route } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { shopOrigin, signInAsAdminViaApi, signUpViaApi } from '../support/auth.ts';
import {
  cardIds,
  columnCount,
  expectImagesLoaded,
  expectListedAsApi,
  expectNoSeriousA11yViolations,
  productCards,
} from '../support/storefront-checks.ts';
import { screenshot, screenshots } from '../support/screens.ts';
import { createProductViaApi } from '../support/shop-data.ts';

const PAGE_SIZE = 24;

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/** A product name no other test uses. */
const uniqueName = (label: string) => `${label} ${uniqueEmail('p').split('@')[0]}`;

/** One of the shop's generated pictures, as the absolute http URL a seller would paste. */
const pictureUrl = (slug: string, variant = 1) => `${shopOrigin()}/images/products/${slug}/${variant}.svg`;

interface ProductFields {
  name: string;
  price: string;
  description: string;
  discount: string;
  brand: string;
  mainImage: string;
  images: string;
  features: string;
  colors: string;
  categories: string;
  estimatedDelivery: string;
  flashSale: boolean;
}

const LABELS: Record<Exclude<keyof ProductFields, 'flashSale'>, string> = {
  name: 'Name',
  price: 'Price',
  description: 'Description',
  discount: 'Discount',
  brand: 'Brand',
  mainImage: 'Main image URL',
  images: 'Images',
  features: 'Features',
  colors: 'Colors',
  categories: 'Categories',
  estimatedDelivery: 'Estimated delivery',
};

const productForm = (page: Page) => page.getByRole('main').locator('form');
const field = (page: Page, label: string) => productForm(page).getByLabel(label, { exact: true });

async function fillProductForm(page: Page, fields: Partial<ProductFields>): Promise<void> {
  for (const [key, label] of Object.entries(LABELS)) {
    const value = fields[key as keyof typeof LABELS];
    if (value !== undefined) await field(page, label).fill(value);
  }
  if (fields.flashSale !== undefined) await field(page, 'Flash Sale').setChecked(fields.flashSale);
}

/** Adds a product through the API as the user this page's browser is signed in as. */
function addProductViaApi(page: Page, overrides: Record<string, unknown> = {}): Promise<Product> {
  return createProductViaApi(page.request, {
    name: uniqueName('Api Kettle'),
    price: 40,
    description: 'A kettle made for a test.',
    discount: 10,
    brand: 'Boil Co',
    features: ['1.7 litres', 'Auto off'],
    colors: ['Silver', 'Black'],
    categories: ['kitchen'],
    images: [pictureUrl('api-kettle', 2)],
    ...overrides,
  });
}

async function fetchProduct(page: Page, id: string) {
  return page.request.get(`/api/products/${id}`);
}

/** The dashboard card of the product named `name` (on the first page of the newest products). */
function cardOf(page: Page, name: string): Locator {
  return productCards(page.getByRole('main')).filter({
    has: page.getByRole('heading', { name, exact: true }),
  });
}

/** Switches the dashboard's grid from the viewer's own products, its default, to the whole catalog. */
async function showAllProducts(page: Page): Promise<void> {
  const all = page
    .getByRole('group', { name: 'Products to show' })
    .getByRole('button', { name: 'All products' });
  await all.click();
  await expect(all).toHaveAttribute('aria-pressed', 'true');
}

/**
 * A page of its own, signed in as a new user: someone other than the seller, though of the same display name
 * (signUpViaApi's), so that only the identity tells them apart.
 */
async function signedInStranger(browser: Browser): Promise<Page> {
  const stranger = await browser.newPage();
  await signUpViaApi(stranger);
  return stranger;
}

test('a seller adds a product with every field; it says where it went, and the product is listed and shown', async ({
  page,
}) => {
  await signUpViaApi(page, { name: 'Sela Seller' });
  await page.goto('/dashboard/add-products');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add Product');
  await expect(field(page, 'Discount')).toHaveAttribute('placeholder', 'e.g. 15');
  // Ratings come from buyers' reviews: the seller cannot type them.
  for (const label of ['Ratings', 'Reviews count']) await expect(field(page, label)).toHaveCount(0);
  for (const label of ['Price', 'Discount']) {
    await expect(field(page, label)).toHaveAttribute('type', 'number');
  }
  await expectNoSeriousA11yViolations(page);

  const fields: ProductFields = {
    name: uniqueName('Desk Lamp'),
    price: '80.50',
    description: 'A warm desk lamp with a heavy base.',
    discount: '15',
    brand: 'Glow Works',
    mainImage: pictureUrl('desk-lamp'),
    images: `${pictureUrl('desk-lamp', 2)}, ${pictureUrl('desk-lamp', 3)}`,
    features: 'Dimmable,  USB charging port ,',
    colors: 'Navy, White',
    categories: 'Lighting, Home Office',
    estimatedDelivery: '3-5 days',
    flashSale: true,
  };
  await fillProductForm(page, fields);
  const created = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/products'),
  );
  await productForm(page).getByRole('button', { name: 'Add Product' }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  const product = (await answer.json()) as Product;

  // Where it went: its page, or another empty form; said at the top, where the focus goes.
  const added = page.getByRole('main').getByRole('status').filter({ hasText: 'Product added successfully' });
  await expect(added.getByRole('heading', { name: 'Product added successfully' })).toBeFocused();
  await expect(added).toContainText(`${fields.name} is in the shop now.`);
  await expect(added.getByRole('link', { name: 'View product' })).toHaveAttribute(
    'href',
    `/product/${product._id}`,
  );
  await expect(productForm(page)).toHaveCount(0);
  await screenshots(page, 'product-added');
  await added.getByRole('button', { name: 'Add another product' }).click();
  for (const label of Object.values(LABELS)) await expect(field(page, label)).toHaveValue('');
  await expect(field(page, 'Flash Sale')).not.toBeChecked();

  // Newest first: only products other tests added since can come before it.
  const loadedAt = Date.now();
  await page.goto('/dashboard/products');
  await showAllProducts(page);
  const card = cardOf(page, fields.name);
  await expect(card).toBeVisible();
  await expectListedAsApi(page.getByRole('main'), page.request, { sort: 'newest' }, loadedAt);
  await expect(card.getByText(formatDollars(discountedCents(8050, 15)), { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: `Edit ${fields.name}` })).toBeVisible();
  await expect(card.getByRole('button', { name: `Delete ${fields.name}` })).toBeVisible();

  await card.getByRole('link', { name: fields.name, exact: true }).click();
  await expect(page).toHaveURL(`/product/${product._id}`);
  // The first article is the product; Just For You cards follow.
  const main = page.getByRole('main').getByRole('article').first();
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(fields.name);
  await expect(main.getByText(fields.description)).toBeVisible();
  await expect(main.getByText('Flash Sale', { exact: true })).toBeVisible();
  await expect(main.getByText(formatDollars(discountedCents(8050, 15)), { exact: true })).toBeVisible();
  await expect(main.getByText(formatDollars(8050), { exact: true })).toBeVisible();
  await expect(main.getByText('-15%', { exact: true })).toBeVisible();
  await expect(main.getByRole('img', { name: 'Rated 0 out of 5' })).toBeVisible();
  await expect(main.getByText('(0 reviews)')).toBeVisible();
  await expect(main.getByRole('definition').first()).toHaveText('Glow Works');
  await expect(main.getByRole('definition').nth(1)).toHaveText('3-5 days');
  await expect(main.getByRole('region', { name: 'Colours' }).getByRole('listitem')).toHaveText([
    'Navy',
    'White',
  ]);
  await expect(main.getByRole('region', { name: 'Features' }).getByRole('listitem')).toHaveText([
    'Dimmable',
    'USB charging port',
  ]);
  const gallery = main.getByRole('list', { name: 'Product images' });
  await expect(gallery.getByRole('listitem')).toHaveCount(3);
  await expectImagesLoaded(gallery);

  // What the page does not show, the API keeps as typed (categories as lowercase tags).
  expect(product).toMatchObject({
    price: 80.5,
    ratings: 0,
    reviews_count: 0,
    flash_sale: true,
    mainImage: { url: fields.mainImage },
    categories: ['lighting', 'home office'],
  });
});

test('on a phone, the product just added is one tap away', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signUpViaApi(page);
  await page.goto('/dashboard/add-products');
  const name = uniqueName('Phone Stand');
  await fillProductForm(page, {
    name,
    price: '12',
    description: 'A stand for a phone.',
    mainImage: pictureUrl('phone-stand'),
    categories: 'Desk',
  });
  await productForm(page).getByRole('button', { name: 'Add Product' }).click();

  const added = page.getByRole('main').getByRole('status').filter({ hasText: 'Product added successfully' });
  await expect(added.getByRole('heading', { name: 'Product added successfully' })).toBeFocused();
  await expect(added.getByRole('heading', { name: 'Product added successfully' })).toBeInViewport();
  await screenshot(page, 'product-added-390');
  await added.getByRole('link', { name: 'View product' }).click();
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(name);
  await page.context().close();
});

test('the add form shows the shared schema’s messages under the fields and creates nothing', async ({
  page,
}) => {
  await signUpViaApi(page);
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/products')) writes.push(request.url());
  });
  await page.goto('/dashboard/add-products');

  // A field says what is wrong as soon as it is left.
  await field(page, 'Name').fill('x');
  await field(page, 'Name').fill('');
  await field(page, 'Name').blur();
  await expect(field(page, 'Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Name')).toHaveAccessibleDescription('Name is required');

  const name = uniqueName('Too Dear');
  await fillProductForm(page, {
    name,
    price: '1000001',
    discount: '150',
    mainImage: 'not a url',
    images: `${pictureUrl('too-dear')}, javascript:alert(1)`,
  });
  await productForm(page).getByRole('button', { name: 'Add Product' }).click();

  const expected: Record<string, string> = {
    Price: "Price can't be more than $1,000,000",
    Discount: "Discount can't be more than 100%",
    'Main image URL': 'Expected an http(s) image URL',
    Images: 'Image 2: Expected an http(s) image URL',
  };
  for (const [label, message] of Object.entries(expected)) {
    await expect(field(page, label)).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, label)).toHaveAccessibleDescription(message);
  }
  await expect(field(page, 'Name')).not.toHaveAttribute('aria-invalid');
  // The first field with a message takes the focus.
  await expect(field(page, 'Price')).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  // A message goes away as soon as its field is put right; the others stay.
  await field(page, 'Price').fill('99');
  await expect(field(page, 'Price')).not.toHaveAttribute('aria-invalid');
  await expect(field(page, 'Discount')).toHaveAttribute('aria-invalid', 'true');

  await expect(toast(page, 'Product added successfully')).toHaveCount(0);
  expect(writes).toEqual([]);
  const search = await page.request.get('/api/products', { params: { q: name } });
  expect(await search.json()).toEqual([]);
});

test('the seller edits a product: the form is prefilled, then Products shows the new name', async ({
  page,
}) => {
  await signUpViaApi(page);
  const product = await addProductViaApi(page);
  await page.goto('/dashboard/products');
  await cardOf(page, product.name)
    .getByRole('link', { name: `Edit ${product.name}` })
    .click();

  await expect(page).toHaveURL(`/dashboard/edit-products/${product._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Product');
  await expect(field(page, 'Name')).toHaveValue(product.name);
  await expect(field(page, 'Price')).toHaveValue('40');
  await expect(field(page, 'Discount')).toHaveValue('10');
  await expect(field(page, 'Brand')).toHaveValue('Boil Co');
  await expect(field(page, 'Features')).toHaveValue('1.7 litres, Auto off');
  await expect(field(page, 'Colors')).toHaveValue('Silver, Black');
  await expect(field(page, 'Categories')).toHaveValue('kitchen');
  await expect(field(page, 'Images')).toHaveValue(pictureUrl('api-kettle', 2));
  await expect(field(page, 'Flash Sale')).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);

  const newName = uniqueName('Renamed Kettle');
  await fillProductForm(page, { name: newName, price: '35.25', colors: 'Red', flashSale: true });
  // Products' list is read again after the redirect; held here, what shows meanwhile is what the page kept.
  const heldLists: Route[] = [];
  let holding = true;
  await page.route(
    (url) => url.pathname === '/api/products',
    (route) => (holding ? void heldLists.push(route) : route.continue()),
  );
  await productForm(page).getByRole('button', { name: 'Update Product' }).click();

  await expect(toast(page, 'Product updated successfully')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/products');
  await expect(cardOf(page, newName)).toBeVisible();
  await expect(cardOf(page, product.name)).toHaveCount(0);
  await expect.poll(() => heldLists.length).toBeGreaterThan(0);
  holding = false;
  await Promise.all(heldLists.map((route) => route.continue()));
  await expect(cardOf(page, newName)).toBeVisible();

  const stored = (await (await fetchProduct(page, product._id)).json()) as Product;
  expect(stored).toMatchObject({
    name: newName,
    price: 35.25,
    colors: ['Red'],
    flash_sale: true,
    features: ['1.7 litres', 'Auto off'],
  });
});

test('the seller counts a product’s units in Stock, or leaves it blank not to count them', async ({
  page,
}) => {
  await signUpViaApi(page);
  const product = await addProductViaApi(page, { stock: 4 });
  const stockAfterSaving = async (text: string) => {
    await page.goto(`/dashboard/edit-products/${product._id}`);
    await field(page, 'Stock').fill(text);
    await productForm(page).getByRole('button', { name: 'Update Product' }).click();
    await expect(page).toHaveURL('/dashboard/products');
    return ((await (await fetchProduct(page, product._id)).json()) as Product).stock;
  };

  await page.goto(`/dashboard/edit-products/${product._id}`);
  await expect(field(page, 'Stock')).toHaveValue('4');
  await expect(field(page, 'Stock')).toHaveAttribute('type', 'number');
  await field(page, 'Stock').fill('-1');
  await field(page, 'Stock').blur();
  await expect(field(page, 'Stock')).toHaveAccessibleDescription("Stock can't be negative");

  expect(await stockAfterSaving('9')).toBe(9);
  expect(await stockAfterSaving('')).toBeNull();
});

test('saving an edit of a product deleted meanwhile shows the server’s message and keeps the form', async ({
  page,
}) => {
  await signUpViaApi(page);
  const product = await addProductViaApi(page);
  await page.goto(`/dashboard/edit-products/${product._id}`);
  await expect(field(page, 'Name')).toHaveValue(product.name);

  const deleted = await page.request.delete(`/api/products/${product._id}`, {
    headers: { origin: shopOrigin() },
  });
  expect(deleted.status()).toBe(200);
  await field(page, 'Name').fill(uniqueName('Too Late'));
  await productForm(page).getByRole('button', { name: 'Update Product' }).click();

  await expect(toast(page, 'Product not found')).toBeVisible();
  await expect(toast(page, 'Product updated successfully')).toHaveCount(0);
  await expect(page).toHaveURL(`/dashboard/edit-products/${product._id}`);
});

test('the seller deletes a product after confirming in a dialog', async ({ page }) => {
  await signUpViaApi(page);
  const product = await addProductViaApi(page);
  await page.goto('/dashboard/products');
  const card = cardOf(page, product.name);
  const dialog = page.getByRole('dialog', { name: 'Delete product?' });

  // Cancel keeps the product.
  await card.getByRole('button', { name: `Delete ${product.name}` }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(product.name);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();
  expect((await fetchProduct(page, product._id)).status()).toBe(200);

  // Escape cancels too.
  await card.getByRole('button', { name: `Delete ${product.name}` }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await card.getByRole('button', { name: `Delete ${product.name}` }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Product deleted successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);
  expect((await fetchProduct(page, product._id)).status()).toBe(404);
});

test('deleting a product someone already deleted shows the server’s message, not success', async ({
  page,
}) => {
  await signUpViaApi(page);
  const product = await addProductViaApi(page);
  await page.goto('/dashboard/products');
  const card = cardOf(page, product.name);
  await expect(card).toBeVisible();
  const deleted = await page.request.delete(`/api/products/${product._id}`, {
    headers: { origin: shopOrigin() },
  });
  expect(deleted.status()).toBe(200);

  await card.getByRole('button', { name: `Delete ${product.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Product not found')).toBeVisible();
  await expect(toast(page, 'Product deleted successfully')).toHaveCount(0);
});

test('another user of the same name sees Edit and Delete only on their own product, and cannot change the other through the API', async ({
  page,
  browser,
}) => {
  const seller = await signUpViaApi(page);
  const product = await addProductViaApi(page);
  // The product names its seller by handle and name, not by e-mail.
  expect(product).toMatchObject({
    addedBy: seller.handle,
    seller: { handle: seller.handle, name: seller.name },
  });
  expect(JSON.stringify(product)).not.toContain(seller.email);
  const stranger = await signedInStranger(browser);
  const strangersProduct = await addProductViaApi(stranger);
  expect(strangersProduct.seller.name).toBe(product.seller.name);
  expect(strangersProduct.seller.handle).not.toBe(product.seller.handle);

  await stranger.goto('/dashboard/products');
  await showAllProducts(stranger);
  const card = cardOf(stranger, product.name);
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  const ownCard = cardOf(stranger, strangersProduct.name);
  await expect(ownCard.getByRole('link', { name: `Edit ${strangersProduct.name}` })).toBeVisible();
  await expect(ownCard.getByRole('button', { name: `Delete ${strangersProduct.name}` })).toBeVisible();
  // Theirs is the only product of the loaded page they may manage.
  await expect(stranger.getByRole('main').getByRole('link', { name: /^Edit / })).toHaveCount(1);

  await stranger.goto(`/dashboard/edit-products/${product._id}`);
  await expect(stranger.getByRole('alert')).toContainText('You can only edit your own products');
  await expect(stranger.getByRole('main').locator('form')).toHaveCount(0);

  const headers = { origin: shopOrigin() };
  const patch = await stranger.request.patch(`/api/products/${product._id}`, {
    data: { name: 'Taken over' },
    headers,
  });
  expect(patch.status()).toBe(403);
  expect(await patch.json()).toMatchObject({ error: 'FORBIDDEN' });
  const remove = await stranger.request.delete(`/api/products/${product._id}`, { headers });
  expect(remove.status()).toBe(403);

  const stored = (await (await fetchProduct(page, product._id)).json()) as Product;
  expect(stored.name).toBe(product.name);
  await stranger.close();
});

test('an admin sees Edit and Delete on other sellers’ products and may open their edit form', async ({
  page,
  browser,
}) => {
  await signUpViaApi(page);
  const product = await addProductViaApi(page);
  const admin = await browser.newPage();
  await signInAsAdminViaApi(admin);

  await admin.goto('/dashboard/products');
  await showAllProducts(admin);
  const card = cardOf(admin, product.name);
  await expect(card.getByRole('link', { name: `Edit ${product.name}` })).toBeVisible();
  await expect(card.getByRole('button', { name: `Delete ${product.name}` })).toBeVisible();
  // And on every other card of the page.
  const cards = productCards(admin.getByRole('main'));
  await expect(cards).toHaveCount(PAGE_SIZE);
  await expect(cards.filter({ hasNot: admin.getByRole('link', { name: /^Edit / }) })).toHaveCount(0);

  await card.getByRole('link', { name: `Edit ${product.name}` }).click();
  await expect(field(admin, 'Name')).toHaveValue(product.name);
  await admin.close();
});

test('an unknown product id on the edit page shows the error page', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/dashboard/edit-products/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText('Product not found')).toBeVisible();
});

test('Products pages through the catalog, newest first, in 5 columns on a desktop', async ({ page }) => {
  await signUpViaApi(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const loadedAt = Date.now();
  await page.goto('/dashboard/products');
  await showAllProducts(page);
  const main = page.getByRole('main');
  await expect(productCards(main)).toHaveCount(PAGE_SIZE);
  await expect(main.getByText(new RegExp(`^Showing ${PAGE_SIZE} of \\d+ products$`))).toBeVisible();
  expect(await columnCount(main)).toBe(5);
  await expectNoSeriousA11yViolations(page);

  await main.getByRole('button', { name: 'Load more' }).press('Enter');
  await expect.poll(() => productCards(main).count()).toBeGreaterThan(PAGE_SIZE);
  await expectListedAsApi(main, page.request, { sort: 'newest' }, loadedAt);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await columnCount(main)).toBe(2);
});

test('Products shows the seller’s own products first, and the whole catalog on “All products”', async ({
  page,
}) => {
  await signUpViaApi(page);
  const older = await addProductViaApi(page);
  const newer = await addProductViaApi(page);
  await page.goto('/dashboard/products');
  const main = page.getByRole('main');
  const switcher = main.getByRole('group', { name: 'Products to show' });
  const mine = switcher.getByRole('button', { name: 'My products' });
  const all = switcher.getByRole('button', { name: 'All products' });
  await expect(mine).toHaveAttribute('aria-pressed', 'true');
  await expect(all).toHaveAttribute('aria-pressed', 'false');
  await expect(productCards(main)).toHaveCount(2);
  expect(await cardIds(main)).toEqual([newer._id, older._id]);
  await expect(main.getByText('Showing 2 of 2 products')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const loadedAt = Date.now();
  await showAllProducts(page);
  await expect(mine).toHaveAttribute('aria-pressed', 'false');
  await expect(page).toHaveURL('/dashboard/products?show=all');
  await expect(productCards(main)).toHaveCount(PAGE_SIZE);
  await expectListedAsApi(main, page.request, { sort: 'newest' }, loadedAt);
  // Other sellers' products are there too, without Edit.
  await expect(
    productCards(main).filter({ hasNot: page.getByRole('link', { name: /^Edit / }) }),
  ).not.toHaveCount(0);

  // Coming back from an edit keeps the choice; "My products" goes back to the seller's own.
  await cardOf(page, newer.name)
    .getByRole('link', { name: `Edit ${newer.name}` })
    .click();
  await expect(page).toHaveURL(`/dashboard/edit-products/${newer._id}`);
  await page.goBack();
  await expect(all).toHaveAttribute('aria-pressed', 'true');
  await mine.click();
  await expect(page).toHaveURL('/dashboard/products');
  await expect(productCards(main)).toHaveCount(2);
});

test('a seller without products sees that they have none, and the catalog on “All products”', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/dashboard/products');
  await expect(page.getByRole('main').getByText('You have no products yet')).toBeVisible();
  await showAllProducts(page);
  await expect(productCards(page.getByRole('main'))).toHaveCount(PAGE_SIZE);
});
