import type { Product } from '@bazaar/shared/products';
import { uploadSrcSet } from '@bazaar/shared/uploads';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { signUpViaApi } from '../support/auth.ts';
import {
  bandedPhoto,
  dropFiles,
  edgeColours,
  pngFile,
  TEXT_AS_JPEG,
  uploadOfSize,
  watchUploads,
  type StoredUpload,
  type TestFile,
} from '../support/pictures.ts';
import { screenshot, screenshots } from '../support/screens.ts';
import {
  expectImagesLoaded,
  expectNoSeriousA11yViolations,
  productCards,
} from '../support/storefront-checks.ts';

// Three photos told apart by their sizes, which the shop keeps (it never enlarges a picture).
const RED = pngFile('red.png', 64, 48, [200, 40, 40]);
const GREEN = pngFile('green.png', 48, 64, [40, 160, 60]);
const BLUE = pngFile('blue.png', 56, 56, [40, 80, 200]);

const STORED = /^http:\/\/127\.0\.0\.1:\d+\/media\/[0-9a-f-]{36}\/1280\.webp$/;

const productForm = (page: Page) => page.getByRole('main').locator('form');
const field = (page: Page, label: string) => productForm(page).getByLabel(label, { exact: true });
const photoBox = (page: Page) => productForm(page).getByRole('group', { name: 'Photos' });
const chosenPhotos = (page: Page) =>
  photoBox(page).getByRole('list', { name: 'Chosen photos' }).getByRole('listitem');

/** The `src` of every photo tile, in the list's order. */
const tileSources = (page: Page) =>
  chosenPhotos(page)
    .locator('img')
    .evaluateAll((images) => images.map((image) => image.getAttribute('src')));

/**
 * The shape of each image in `scope`, in order: which of the photos it shows. (With a srcset the natural size
 * is scaled by the width the candidate claims, so only the shape tells them apart.)
 */
const shapes = (scope: Locator) =>
  scope
    .locator('img')
    .evaluateAll((images) =>
      (images as HTMLImageElement[]).map(({ naturalWidth: width, naturalHeight: height }) =>
        width === height ? 'square' : width > height ? 'landscape' : 'portrait',
      ),
    );

/** The address the browser chose from an image's srcset. */
const chosenSource = (image: Locator) => image.evaluate((img: HTMLImageElement) => img.currentSrc);

async function fillRequired(page: Page, name: string): Promise<void> {
  await field(page, 'Name').fill(name);
  await field(page, 'Price').fill('24');
  await field(page, 'Description').fill('Hand-dyed cotton, photographed at home.');
}

/** Waits until the page has no upload on its way (Add Product reads again as itself). */
async function uploadsDone(page: Page, submitLabel = 'Add Product'): Promise<void> {
  await expect(productForm(page).getByRole('button', { name: submitLabel })).toBeVisible();
  await expect(photoBox(page).getByRole('progressbar')).toHaveCount(0);
}

test('a seller drops two photos and picks a third, reorders them, picks the main one; the product page shows them in that order with srcset', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpViaApi(page, { name: 'Pat Photographer' });
  const answers = watchUploads(page);
  await page.goto('/dashboard/add-products');
  const name = `Scarf ${uniqueEmail('p').split('@')[0]}`;
  await fillRequired(page, name);

  const picker = photoBox(page).getByLabel('Add photos');
  await expect(picker).toHaveAttribute('type', 'file');
  await expect(picker).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/avif');
  await expect(picker).toHaveAttribute('multiple', '');

  await dropFiles(photoBox(page), [RED, GREEN]);
  await picker.setInputFiles([BLUE]);
  const red = await uploadOfSize(answers, 64, 48);
  const green = await uploadOfSize(answers, 48, 64);
  const blue = await uploadOfSize(answers, 56, 56);
  for (const stored of [red, green, blue]) expect(stored.url).toMatch(STORED);
  await uploadsDone(page);

  // In the order given, whichever upload ended first; the first is the main picture.
  await expect.poll(() => tileSources(page)).toEqual([red.url, green.url, blue.url]);
  await expect(chosenPhotos(page).first().getByText('Main photo')).toBeVisible();
  await expect(field(page, 'Main image URL')).toHaveValue(red.url);
  await expect(field(page, 'Images')).toHaveValue(`${green.url}, ${blue.url}`);
  await expect(chosenPhotos(page).first().getByRole('button', { name: 'Move earlier' })).toBeDisabled();
  await expect(chosenPhotos(page).last().getByRole('button', { name: 'Move later' })).toBeDisabled();
  await expectImagesLoaded(photoBox(page));
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'product-form-photos');

  await chosenPhotos(page).nth(2).getByRole('button', { name: 'Move earlier' }).click();
  await expect.poll(() => tileSources(page)).toEqual([red.url, blue.url, green.url]);
  await chosenPhotos(page).nth(2).getByRole('button', { name: 'Make main photo' }).click();
  await expect.poll(() => tileSources(page)).toEqual([green.url, red.url, blue.url]);
  await expect(chosenPhotos(page).first().getByText('Main photo')).toBeVisible();
  await expect(chosenPhotos(page).first().getByRole('button', { name: 'Make main photo' })).toBeDisabled();
  await expect(field(page, 'Main image URL')).toHaveValue(green.url);
  await expect(field(page, 'Images')).toHaveValue(`${red.url}, ${blue.url}`);

  const [request] = await Promise.all([
    page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/products')),
    productForm(page).getByRole('button', { name: 'Add Product' }).click(),
  ]);
  const answer = await request.response();
  const product = (await answer?.json()) as Product;
  expect(answer?.status(), JSON.stringify(product)).toBe(201);
  expect(product.mainImage.url).toBe(green.url);
  expect(product.images.map((image) => image.url)).toEqual([red.url, blue.url]);
  // Another product's form starts again, without photos.
  await page.getByRole('button', { name: 'Add another product' }).click();
  await expect(productForm(page)).toBeVisible();
  await expect(chosenPhotos(page)).toHaveCount(0);

  await page.goto(`/product/${product._id}`);
  const article = page.getByRole('main').getByRole('article').first();
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(name);
  const mainPicture = article.locator('img').first();
  await expect(mainPicture).toHaveAttribute('srcset', uploadSrcSet(green.url) ?? '');
  await expect(mainPicture).toHaveAttribute('sizes', /50vw/);
  const gallery = article.getByRole('list', { name: 'Product images' });
  await expect(gallery.getByRole('listitem')).toHaveCount(3);
  const thumbnails = gallery.locator('img');
  for (const [index, stored] of [green, red, blue].entries()) {
    await expect(thumbnails.nth(index)).toHaveAttribute('src', stored.url);
    await expect(thumbnails.nth(index)).toHaveAttribute('srcset', uploadSrcSet(stored.url) ?? '');
  }
  await expectImagesLoaded(gallery);
  // green, red, blue
  expect(await shapes(gallery)).toEqual(['portrait', 'landscape', 'square']);
  // Half of a 1280 pixels wide page: the 640 picture.
  await expectImagesLoaded(article.locator('div').first());
  expect(await chosenSource(mainPicture)).toMatch(/\/640\.webp$/);
});

/** The middle of `target` on the page. */
async function middleOf(target: Locator): Promise<{ x: number; y: number }> {
  const box = await target.boundingBox();
  if (!box) throw new Error('The element is not on the screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Adds `files` with Add photos and waits until each is a tile; answers what the shop stored, in their order. */
async function addPhotos(page: Page, files: TestFile[]): Promise<StoredUpload[]> {
  const answers = watchUploads(page);
  await photoBox(page).getByLabel('Add photos').setInputFiles(files);
  const stored = [];
  // A PNG's width and height stand at bytes 16 and 20 (its IHDR chunk).
  for (const { buffer } of files)
    stored.push(await uploadOfSize(answers, buffer.readUInt32BE(16), buffer.readUInt32BE(20)));
  await uploadsDone(page);
  await expect.poll(() => tileSources(page)).toEqual(stored.map((upload) => upload.url));
  return stored;
}

/** The line that shows where a dragged photo would land, beside the tile it would land next to. */
const landingMark = (tile: Locator) => tile.locator('[data-landing]');

test('a seller drags photos onto others with the mouse, a line showing where each lands; the product page shows the new order', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpViaApi(page, { name: 'Dana Dragger' });
  await page.goto('/dashboard/add-products');
  const name = `Shawl ${uniqueEmail('p').split('@')[0]}`;
  await fillRequired(page, name);
  const [red, green, blue] = await addPhotos(page, [RED, GREEN, BLUE]);
  if (!red || !green || !blue) throw new Error('Three photos were added');

  // The last photo, dragged onto the first: a line before the first shows it lands there.
  const lastTile = await middleOf(chosenPhotos(page).nth(2).locator('img'));
  await page.mouse.move(lastTile.x, lastTile.y);
  await page.mouse.down();
  const firstTile = await middleOf(chosenPhotos(page).nth(0).locator('img'));
  await page.mouse.move(firstTile.x, firstTile.y, { steps: 5 });
  await expect(landingMark(chosenPhotos(page).nth(0))).toHaveAttribute('data-landing', 'before');
  await expect(landingMark(chosenPhotos(page).nth(0))).toBeVisible();
  await expect(landingMark(chosenPhotos(page).nth(1))).toHaveCount(0);
  await screenshot(page, 'product-form-photo-dragging');
  await page.mouse.up();
  await expect.poll(() => tileSources(page)).toEqual([blue.url, red.url, green.url]);
  await expect(landingMark(chosenPhotos(page))).toHaveCount(0);
  await expect(chosenPhotos(page).first().getByText('Main photo')).toBeVisible();
  await expect(field(page, 'Main image URL')).toHaveValue(blue.url);
  await expect(field(page, 'Images')).toHaveValue(`${red.url}, ${green.url}`);

  // Onto a later photo, with Playwright's own drag: it lands after it.
  await chosenPhotos(page).nth(1).locator('img').dragTo(chosenPhotos(page).nth(2).locator('img'));
  await expect.poll(() => tileSources(page)).toEqual([blue.url, green.url, red.url]);

  // Let go outside the photos: nothing moves.
  await chosenPhotos(page)
    .nth(0)
    .locator('img')
    .dragTo(page.getByRole('heading', { level: 1 }));
  await expect.poll(() => tileSources(page)).toEqual([blue.url, green.url, red.url]);

  const [request] = await Promise.all([
    page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/products')),
    productForm(page).getByRole('button', { name: 'Add Product' }).click(),
  ]);
  const product = (await (await request.response())?.json()) as Product;
  await page.goto(`/product/${product._id}`);
  const article = page.getByRole('main').getByRole('article').first();
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(article.locator('img').first()).toHaveAttribute('srcset', uploadSrcSet(blue.url) ?? '');
  const thumbnails = article.getByRole('list', { name: 'Product images' }).locator('img');
  for (const [index, stored] of [blue, green, red].entries()) {
    await expect(thumbnails.nth(index)).toHaveAttribute('srcset', uploadSrcSet(stored.url) ?? '');
  }
  // blue, green, red
  expect(await shapes(article.getByRole('list', { name: 'Product images' }))).toEqual([
    'square',
    'portrait',
    'landscape',
  ]);
});

type Touch = (
  type: 'touchStart' | 'touchMove' | 'touchEnd',
  points: { x: number; y: number }[],
) => Promise<unknown>;

/** A finger on the page: Playwright's touchscreen only taps, so its path goes through Chromium's own touch input. */
async function fingerOn(page: Page): Promise<Touch> {
  const session = await page.context().newCDPSession(page);
  return (type, points) => session.send('Input.dispatchTouchEvent', { type, touchPoints: points });
}

/** Moves a finger already down from `from` to `to` in five steps. */
async function slide(touch: Touch, from: { x: number; y: number }, to: { x: number; y: number }) {
  for (let step = 1; step <= 5; step += 1) {
    await touch('touchMove', [
      { x: from.x + ((to.x - from.x) * step) / 5, y: from.y + ((to.y - from.y) * step) / 5 },
    ]);
  }
}

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a seller drags a photo by its dots with a finger', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/dashboard/add-products');
    await fillRequired(page, `Tote ${uniqueEmail('p').split('@')[0]}`);
    const [red, green, blue] = await addPhotos(page, [RED, GREEN, BLUE]);
    if (!red || !green || !blue) throw new Error('Three photos were added');

    const touch = await fingerOn(page);
    // Both rows of tiles on the screen, where a finger can reach them.
    await photoBox(page)
      .getByRole('list', { name: 'Chosen photos' })
      .evaluate((list) => list.scrollIntoView({ block: 'center' }));
    const from = await middleOf(chosenPhotos(page).nth(2).getByTitle('Drag to move'));
    const to = await middleOf(chosenPhotos(page).nth(0).locator('img'));
    await touch('touchStart', [from]);
    await slide(touch, from, to);
    await expect(landingMark(chosenPhotos(page).nth(0))).toHaveAttribute('data-landing', 'before');
    await screenshot(page, 'product-form-photo-dragging-phone-390');
    await touch('touchEnd', []);
    await expect.poll(() => tileSources(page)).toEqual([blue.url, red.url, green.url]);
    await expect(field(page, 'Main image URL')).toHaveValue(blue.url);
  });

  test('a photo held at the top of the screen scrolls the page up to the first photos', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/dashboard/add-products');
    await fillRequired(page, `Quilt ${uniqueEmail('p').split('@')[0]}`);
    // As many photos as a product takes, in six rows: the first row is off the screen when the last is on it.
    const files = Array.from({ length: 11 }, (_, at) =>
      pngFile(`quilt-${at}.png`, 40 + at, 40, [20 * at, 120, 200 - 15 * at]),
    );
    const stored = await addPhotos(page, files);
    const last = chosenPhotos(page).last();
    await last.evaluate((tile) => tile.scrollIntoView({ block: 'end' }));
    await expect(chosenPhotos(page).first()).not.toBeInViewport();

    const touch = await fingerOn(page);
    const from = await middleOf(last.getByTitle('Drag to move'));
    await touch('touchStart', [from]);
    await slide(touch, from, { x: from.x, y: 10 });
    await expect(chosenPhotos(page).first()).toBeInViewport({ ratio: 1 });
    // Off the edge the page stops; then onto the first photo.
    const below = { x: from.x, y: 420 };
    await slide(touch, { x: from.x, y: 10 }, below);
    await slide(touch, below, await middleOf(chosenPhotos(page).first().locator('img')));
    await expect(landingMark(chosenPhotos(page).first())).toHaveAttribute('data-landing', 'before');
    await touch('touchEnd', []);
    const urls = stored.map((upload) => upload.url);
    await expect.poll(() => tileSources(page)).toEqual([urls[10], ...urls.slice(0, 10)]);
  });
});

test('a file that is no picture shows the shop’s message under it; the other photos are kept', async ({
  page,
}) => {
  await signUpViaApi(page);
  const answers = watchUploads(page);
  await page.goto('/dashboard/add-products');
  await dropFiles(photoBox(page), [TEXT_AS_JPEG, RED]);

  const red = await uploadOfSize(answers, 64, 48);
  await expect.poll(() => answers.find((answer) => answer.status !== 201)?.status).toBe(415);
  const refusal = answers.find((answer) => answer.status === 415)?.body as { error: string; message: string };
  expect(refusal.error).toBe('UNSUPPORTED_MEDIA_TYPE');

  const alert = photoBox(page).getByRole('alert');
  await expect(alert).toHaveText(`${TEXT_AS_JPEG.name}: ${refusal.message}`);
  await expect.poll(() => tileSources(page)).toEqual([red.url]);
  await expect(field(page, 'Main image URL')).toHaveValue(red.url);
  await expect(field(page, 'Images')).toHaveValue('');
  // A refused file does not hold the form back.
  await expect(productForm(page).getByRole('button', { name: 'Add Product' })).toHaveAttribute(
    'aria-disabled',
    'false',
  );
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'product-form-refused-file');

  await chosenPhotos(page)
    .filter({ has: page.getByRole('alert') })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(alert).toHaveCount(0);
  await expect(chosenPhotos(page)).toHaveCount(1);

  // Removing the photo leaves the URL fields empty again.
  await chosenPhotos(page).first().getByRole('button', { name: 'Remove' }).click();
  await expect(chosenPhotos(page)).toHaveCount(0);
  await expect(field(page, 'Main image URL')).toHaveValue('');
});

test('on a phone, the seller adds photos with Add photos and the cards fetch a small picture', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const seller = await signUpViaApi(page);
  const answers = watchUploads(page);
  await page.goto('/dashboard/add-products');
  await fillRequired(page, `Mug ${uniqueEmail('p').split('@')[0]}`);
  // Pasting a URL still works beside the uploads.
  await field(page, 'Images').fill(`${new URL(page.url()).origin}/images/products/mug/1.svg`);
  const wide = pngFile('wide.png', 900, 600, [230, 200, 60]);
  await photoBox(page).getByLabel('Add photos').setInputFiles([wide, GREEN]);
  const stored = await uploadOfSize(answers, 900, 600);
  const green = await uploadOfSize(answers, 48, 64);
  await uploadsDone(page);

  const pasted = `${new URL(page.url()).origin}/images/products/mug/1.svg`;
  await expect.poll(() => tileSources(page)).toEqual([stored.url, pasted, green.url]);
  // Two tiles a row, every control in reach.
  const [first, second] = await chosenPhotos(page).all();
  const [firstBox, secondBox] = [await first?.boundingBox(), await second?.boundingBox()];
  expect(firstBox?.y).toBe(secondBox?.y);
  for (const button of await chosenPhotos(page).getByRole('button').all()) {
    const box = await button.boundingBox();
    expect((box?.x ?? -1) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'product-form-photos-phone-390');

  await chosenPhotos(page).nth(1).getByRole('button', { name: 'Move later' }).click();
  await expect.poll(() => tileSources(page)).toEqual([stored.url, green.url, pasted]);
  await productForm(page).getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Product added successfully' })).toBeVisible();

  // Half the phone's width on a seller's page: the 320 picture, never the 1280 one.
  await page.goto(`/seller/${encodeURIComponent(seller.handle)}`);
  const card = productCards(page.getByRole('main')).first().locator('img');
  await expect(card).toHaveAttribute('srcset', uploadSrcSet(stored.url) ?? '');
  await expectImagesLoaded(productCards(page.getByRole('main')).first());
  expect(await chosenSource(card)).toMatch(/\/320\.webp$/);
});

test('the profile picture is uploaded beside its URL field and shown with srcset', async ({ page }) => {
  await signUpViaApi(page, { name: 'Uma Uploader' });
  const answers = watchUploads(page);
  await page.goto('/dashboard/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  const picker = form.getByLabel('Upload a picture');
  await expect(picker).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/avif');
  await expect(picker).not.toHaveAttribute('multiple');

  await picker.setInputFiles([TEXT_AS_JPEG]);
  await expect(form.getByRole('alert')).toContainText(`${TEXT_AS_JPEG.name}:`);
  await expect.poll(() => answers[0]?.status).toBe(415);
  await expect(form.getByRole('alert')).toHaveText(
    `${TEXT_AS_JPEG.name}: ${(answers[0]?.body as { message: string }).message}`,
  );
  await form.getByRole('button', { name: 'Dismiss' }).click();
  await expect(form.getByRole('alert')).toHaveCount(0);

  await picker.setInputFiles([BLUE]);
  const stored: StoredUpload = await uploadOfSize(answers, 56, 56);
  await expect(form.getByLabel('Profile Picture URL', { exact: true })).toHaveValue(stored.url);
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'profile-picture-upload');
  await form.getByRole('button', { name: 'Update' }).click();

  await expect(page.getByText('Profile updated successfully', { exact: true })).toBeVisible();
  const picture = page.getByRole('img', { name: 'Profile picture of Uma Uploader' });
  await expect(picture).toHaveAttribute('src', stored.url);
  await expect(picture).toHaveAttribute('srcset', uploadSrcSet(stored.url) ?? '');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await chosenSource(picture)).toMatch(/\/320\.webp$/);
  const avatar = page
    .getByRole('banner')
    .getByRole('link', { name: 'Profile of Uma Uploader' })
    .locator('img');
  await expect(avatar).toHaveAttribute('srcset', uploadSrcSet(stored.url) ?? '');
});

/**
 * Adds a product with a 3000 × 2000 camera photo as its main picture and GREEN after it, checking that the
 * photo's preview shows while it uploads (its `blob:` address is one the shop's CSP allows); answers the product.
 */
async function addProductWithWidePhoto(page: Page): Promise<Product> {
  await signUpViaApi(page);
  await page.goto('/dashboard/add-products');
  await fillRequired(page, `Rug ${uniqueEmail('p').split('@')[0]}`);
  // The uploads wait until the previews have been looked at.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/uploads', async (route) => {
    await held;
    await route.continue();
  });
  await photoBox(page)
    .getByLabel('Add photos')
    .setInputFiles([await bandedPhoto('rug.jpg', 3000, 2000), GREEN]);
  const previews = chosenPhotos(page)
    .filter({ has: page.getByRole('progressbar') })
    .locator('img');
  await expect(previews).toHaveCount(2);
  await expectImagesLoaded(chosenPhotos(page));
  await screenshot(page, `product-form-upload-preview-${page.viewportSize()?.width}`);
  release();
  await uploadsDone(page);
  await page.unroute('**/api/uploads');
  await expect(chosenPhotos(page)).toHaveCount(2);

  const [request] = await Promise.all([
    page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/products')),
    productForm(page).getByRole('button', { name: 'Add Product' }).click(),
  ]);
  const answer = await request.response();
  expect(answer?.status()).toBe(201);
  return (await answer?.json()) as Product;
}

/** The product page's photo: the button that enlarges it, and the picture in it. */
const productPhoto = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('article')
    .first()
    .getByRole('button', { name: /^Enlarge photo/ });

const lightbox = (page: Page, product: Product) =>
  page.getByRole('dialog', { name: `Photos of ${product.name}` });

/** The shape of the picture in `scope` that the browser has loaded. */
const shapeIn = async (scope: Locator) => (await shapes(scope))[0];

for (const { device, viewport } of [
  { device: 'desktop', viewport: { width: 1280, height: 800 } },
  { device: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test(`on a ${device}, the product page shows a wide photo whole and opens the photos large`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const product = await addProductWithWidePhoto(page);
    await page.goto(`/product/${product._id}`);

    const photo = productPhoto(page);
    await expect(photo).toHaveAccessibleName('Enlarge photo 1 of 2');
    await expectImagesLoaded(photo);
    // Both edge bands show: the photo is not cropped to the square.
    expect(await edgeColours(photo.locator('img'))).toEqual({ left: 'left', right: 'right' });
    await screenshot(page, `product-page-wide-photo-${device}`);

    await photo.click();
    const dialog = lightbox(page, product);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription('Photo 1 of 2');
    await expectImagesLoaded(dialog);
    expect(await shapeIn(dialog)).toBe('landscape');
    // Whole again: each edge shows its band or the ground beside the photo, never the photo's middle.
    expect(Object.values(await edgeColours(dialog.locator('img')))).not.toContain('middle');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `product-photo-lightbox-${device}`);

    // Focus stays in the dialog, both ways round.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      await expect(dialog.locator(':focus')).toHaveCount(1);
    }
    await page.keyboard.press('ArrowRight');
    await expect(dialog).toHaveAccessibleDescription('Photo 2 of 2');
    await expectImagesLoaded(dialog);
    expect(await shapeIn(dialog)).toBe('portrait');
    // Round the end, back to the first.
    await page.keyboard.press('ArrowRight');
    await expect(dialog).toHaveAccessibleDescription('Photo 1 of 2');
    await page.keyboard.press('ArrowLeft');
    await expect(dialog).toHaveAccessibleDescription('Photo 2 of 2');
    await dialog.getByRole('button', { name: 'Previous photo' }).click();
    await expect(dialog).toHaveAccessibleDescription('Photo 1 of 2');
    await dialog.getByRole('button', { name: 'Next photo' }).click();
    await expect(dialog).toHaveAccessibleDescription('Photo 2 of 2');

    // Escape closes it onto what opened it, which now shows the photo last seen.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(photo).toBeFocused();
    await expect(photo).toHaveAccessibleName('Enlarge photo 2 of 2');
    await photo.click();
    await dialog.getByRole('button', { name: 'Close photos' }).click();
    await expect(dialog).toBeHidden();
    await expect(photo).toBeFocused();
  });
}

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a shopper taps the product photo and swipes through the photos', async ({ page }) => {
    const product = await addProductWithWidePhoto(page);
    await page.goto(`/product/${product._id}`);
    await productPhoto(page).tap();
    const dialog = lightbox(page, product);
    await expect(dialog).toHaveAccessibleDescription('Photo 1 of 2');
    const touch = await fingerOn(page);
    const from = await middleOf(dialog.locator('img'));
    await touch('touchStart', [from]);
    await slide(touch, from, { x: from.x - 150, y: from.y });
    await touch('touchEnd', []);
    await expect(dialog).toHaveAccessibleDescription('Photo 2 of 2');
    await dialog.getByRole('button', { name: 'Next photo' }).tap();
    await expect(dialog).toHaveAccessibleDescription('Photo 1 of 2');
    await dialog.getByRole('button', { name: 'Close photos' }).tap();
    await expect(dialog).toBeHidden();
  });
});

test('a picture URL that loads no picture shows as failed beside its field, never as the main photo; a save forgets refused files', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/dashboard/add-products');
  await fillRequired(page, `Lamp ${uniqueEmail('p').split('@')[0]}`);
  const origin = new URL(page.url()).origin;
  await dropFiles(photoBox(page), [TEXT_AS_JPEG]);
  await expect(photoBox(page).getByRole('alert')).toContainText(TEXT_AS_JPEG.name);

  // A typo in the address.
  const mainField = field(page, 'Main image URL');
  await mainField.fill(`${origin}/images/products/mug/1.svgg`);
  const tile = chosenPhotos(page).first();
  await expect(tile).toContainText('Could not load this picture');
  await expect(tile.getByText('Main photo')).toHaveCount(0);
  await expect(tile.getByRole('img')).toHaveCount(0);
  await expect(mainField).toHaveAttribute('aria-invalid', 'true');
  await expect(mainField).toHaveAccessibleDescription(/No picture could be loaded from this address/);
  await screenshot(page, 'product-form-unloadable-url');

  // No address at all: no request, the same tile, and the schema's word beside the field once left.
  await mainField.fill('lamp.jpg');
  await mainField.blur();
  await expect(tile).toContainText('Could not load this picture');
  await expect(mainField).toHaveAttribute('aria-invalid', 'true');

  const imagesField = field(page, 'Images');
  await mainField.fill(`${origin}/images/products/mug/1.svg`);
  await imagesField.fill(`${origin}/images/products/mug/2.svg, ${origin}/no-picture-here.png`);
  await expect(chosenPhotos(page).nth(2)).toContainText('Could not load this picture');
  await expect(imagesField).toHaveAccessibleDescription(/^Image 2: no picture could be loaded/);
  await expect(mainField).not.toHaveAttribute('aria-invalid', 'true');
  await expect(chosenPhotos(page).first().getByText('Main photo')).toBeVisible();
  await expectImagesLoaded(chosenPhotos(page).first());
  await expectNoSeriousA11yViolations(page);

  await chosenPhotos(page).nth(2).getByRole('button', { name: 'Remove' }).click();
  await expect(imagesField).toHaveAccessibleDescription('Image URLs, comma separated');
  const [request] = await Promise.all([
    page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/products')),
    productForm(page).getByRole('button', { name: 'Add Product' }).click(),
  ]);
  expect((await request.response())?.status()).toBe(201);
  // The refused file of the saved product's form is gone with it.
  await expect(page.getByRole('alert').filter({ hasText: TEXT_AS_JPEG.name })).toHaveCount(0);
  await expect(page.getByText('Not added')).toHaveCount(0);
});
