import type { Order } from '@bazaar/shared/orders';
import type { Product } from '@bazaar/shared/products';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { shopOrigin, signInAsAdminViaApi, signUpViaApi, type SignedUpAccount } from '../support/auth.ts';
import { mailedLink } from '../support/outbox.ts';
import { reviewedBy, reviewViaApi } from '../support/reviews.ts';
import { createProductViaApi, placeOrderViaApi } from '../support/shop-data.ts';
import { expectNoSeriousA11yViolations } from '../support/storefront-checks.ts';

/** Where the screenshots a person looks at are kept, when the run is asked for them. */
const SCREENS = process.env.E2E_SCREENS_DIR;

/** A new seller with one product, set up in their own browser, which stays signed in as them. */
async function sellerWithProduct(
  browser: Browser,
): Promise<{ seller: SignedUpAccount; sellersPage: Page; product: Product }> {
  const sellersPage = await browser.newPage();
  const label = uniqueEmail('r').split('@')[0]?.slice(-6) ?? 'r';
  const seller = await signUpViaApi(sellersPage, { name: `Rosa Reviewed ${label}` });
  const product = await createProductViaApi(sellersPage.request, { name: `Reviewed lamp ${label}` });
  return { seller, sellersPage, product };
}

/** The admin ships and delivers the order, in a browser of their own. */
async function deliver(browser: Browser, order: Order): Promise<void> {
  const adminsPage = await browser.newPage();
  await signInAsAdminViaApi(adminsPage);
  for (const status of ['shipped', 'delivered']) {
    const response = await adminsPage.request.patch(`/api/orders/${order._id}/status`, {
      data: { status },
      headers: { origin: shopOrigin() },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
  await adminsPage.close();
}

const reviewsSection = (page: Page) => page.getByRole('region', { name: 'Reviews' });

test('a buyer reviews a product they received; the stars show on the product and seller pages, and the seller replies', async ({
  page,
  browser,
}) => {
  const { seller, sellersPage, product } = await sellerWithProduct(browser);
  const buyer = await signUpViaApi(page, { name: 'Bea Buyer' });
  const order = await placeOrderViaApi(page.request, [{ productId: product._id, quantity: 1 }]);

  // Before delivery there is nothing to review yet.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/product/${product._id}`);
  const reviews = reviewsSection(page);
  await expect(reviews.getByText('No reviews yet')).toBeVisible();
  await expect(reviews.getByRole('form', { name: 'Write a review' })).toHaveCount(0);

  await deliver(browser, order);
  await page.reload();
  const form = reviews.getByRole('form', { name: 'Write a review' });
  await expect(form).toBeVisible();

  // A review without stars is refused in the form, with the shared schema's message.
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(form.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();

  await form.getByRole('radio', { name: '5 stars' }).check();
  await form.getByLabel('Your review').fill('Bright, warm and beautifully made.');
  await expectNoSeriousA11yViolations(page);
  if (SCREENS) await reviews.screenshot({ path: `${SCREENS}/reviews-form.png` });
  await form.getByRole('button', { name: 'Submit review' }).click();

  const review = reviews.getByRole('article', { name: `Review by ${buyer.name}` });
  await expect(review).toBeVisible();
  await expect(review.getByText('Verified purchase')).toBeVisible();
  await expect(review.getByText('Bright, warm and beautifully made.')).toBeVisible();
  await expect(review.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
  // One delivered line, one review: the form goes away.
  await expect(form).toHaveCount(0);

  const details = page.getByRole('main').getByRole('article').first();
  await expect(details.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
  await expect(details.getByText('(1 review)')).toBeVisible();
  await expect(reviews.getByText('5.0 (1 review)')).toBeVisible();

  // The seller's page shows the mean of their reviews.
  await details.getByRole('link', { name: seller.name, exact: true }).click();
  await expect(page).toHaveURL(`/seller/${seller.handle}`);
  await expect(page.getByRole('main').getByText('5.0 (1 review)')).toBeVisible();
  await expect(page.getByRole('main').getByRole('img', { name: 'Rated 5 out of 5' }).first()).toBeVisible();

  // The seller replies under the review; the reply shows to everybody.
  await sellersPage.setViewportSize({ width: 1280, height: 900 });
  await sellersPage.goto(`/product/${product._id}`);
  const sellersReview = reviewsSection(sellersPage).getByRole('article', { name: `Review by ${buyer.name}` });
  await sellersReview.getByLabel('Your reply').fill('Thank you, Bea! Enjoy the light.');
  await sellersReview.getByRole('button', { name: 'Reply' }).click();
  await expect(sellersReview.getByText('Reply from the seller')).toBeVisible();
  await expect(sellersReview.getByRole('form', { name: 'Reply to this review' })).toHaveCount(0);
  await sellersPage.close();

  await page.goto(`/product/${product._id}`);
  await expect(review.getByText('Thank you, Bea! Enjoy the light.')).toBeVisible();
  // Only the product's seller may reply.
  await expect(review.getByRole('form', { name: 'Reply to this review' })).toHaveCount(0);
  if (SCREENS) {
    await reviews.screenshot({ path: `${SCREENS}/reviews-product-replied.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await reviews.scrollIntoViewIfNeeded();
    await reviews.screenshot({ path: `${SCREENS}/reviews-product-phone.png` });
    for (const [width, height, name] of [
      [1280, 900, 'reviews-seller-page'],
      [390, 844, 'reviews-seller-page-phone'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`/seller/${seller.handle}`);
      await expect(page.getByRole('main').getByText('5.0 (1 review)')).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SCREENS}/${name}.png` });
    }
  }
});

test('a shopper who did not buy the product, or whose order is not delivered, sees the reviews but no form', async ({
  page,
  browser,
}) => {
  const { sellersPage, product } = await sellerWithProduct(browser);
  await sellersPage.close();
  // Anonymous: the reviews, no form.
  await page.goto(`/product/${product._id}`);
  await expect(reviewsSection(page).getByText('No reviews yet')).toBeVisible();
  await expect(reviewsSection(page).getByRole('form')).toHaveCount(0);

  // Signed in with an order on its way: still no form.
  await signUpViaApi(page, { name: 'Nia Notyet' });
  await placeOrderViaApi(page.request, [{ productId: product._id, quantity: 1 }]);
  await page.reload();
  await expect(reviewsSection(page).getByText('No reviews yet')).toBeVisible();
  await expect(reviewsSection(page).getByRole('form')).toHaveCount(0);
});

test("a buyer edits, then deletes their review: it shows as edited, and the product's stars follow", async ({
  page,
  browser,
}) => {
  const { sellersPage, product } = await sellerWithProduct(browser);
  await reviewedBy(browser, sellersPage, product, 'Otto Other', { rating: 3, text: 'Does the job.' });
  const buyer = await signUpViaApi(page, { name: 'Eve Editor' });
  await reviewViaApi(page, sellersPage, product, { rating: 5, text: 'Lovely lamp.' });
  await sellersPage.close();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/product/${product._id}`);
  const reviews = reviewsSection(page);
  const details = page.getByRole('main').getByRole('article').first();
  await expect(reviews.getByText('4.0 (2 reviews)')).toBeVisible();
  const own = reviews.getByRole('article', { name: `Review by ${buyer.name}` });
  const others = reviews.getByRole('article', { name: 'Review by Otto Other' });
  // Only one's own review offers Edit and Delete.
  await expect(others.getByText('Does the job.')).toBeVisible();
  await expect(others.getByRole('button')).toHaveCount(0);
  await expect(own.getByText('Edited')).toHaveCount(0);

  await own.getByRole('button', { name: 'Edit review' }).click();
  const form = own.getByRole('form', { name: 'Edit your review' });
  await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await expect(form.getByLabel('Your review')).toHaveValue('Lovely lamp.');
  await form.getByRole('radio', { name: '1 star', exact: true }).check();
  await form.getByLabel('Your review').fill('It stopped working after a week.');
  await expectNoSeriousA11yViolations(page);
  if (SCREENS) await reviews.screenshot({ path: `${SCREENS}/reviews-editing.png` });
  await form.getByRole('button', { name: 'Save review' }).click();

  await expect(form).toHaveCount(0);
  await expect(own.getByText('It stopped working after a week.')).toBeVisible();
  await expect(own.getByText('Edited')).toBeVisible();
  await expect(own.getByRole('img', { name: 'Rated 1 out of 5' })).toBeVisible();
  await expect(reviews.getByText('2.0 (2 reviews)')).toBeVisible();
  await expect(details.getByRole('img', { name: 'Rated 2 out of 5' })).toBeVisible();
  await expect(details.getByText('(2 reviews)')).toBeVisible();
  if (SCREENS) await reviews.screenshot({ path: `${SCREENS}/reviews-edited.png` });
  // Everybody sees it edited.
  const anonymous = await browser.newPage();
  await anonymous.goto(`/product/${product._id}`);
  const seen = reviewsSection(anonymous).getByRole('article', { name: `Review by ${buyer.name}` });
  await expect(seen.getByText('Edited')).toBeVisible();
  await expect(seen.getByRole('button')).toHaveCount(0);
  await anonymous.close();

  // On a phone, the buyer deletes it: the stars are the other review's, and the purchase may be reviewed again.
  await page.setViewportSize({ width: 390, height: 844 });
  await own.getByRole('button', { name: 'Delete review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your review?' });
  await expect(dialog).toBeVisible();
  if (SCREENS) await page.screenshot({ path: `${SCREENS}/reviews-delete-phone.png` });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(own).toHaveCount(0);
  await expect(reviews.getByText('3.0 (1 review)')).toBeVisible();
  await expect(details.getByText('(1 review)')).toBeVisible();
  await expect(reviews.getByRole('form', { name: 'Write a review' })).toBeVisible();
});

test("the seller's reply is mailed to the buyer with a link to the reviews; the seller edits, then deletes it", async ({
  page,
  browser,
}) => {
  const { sellersPage, product } = await sellerWithProduct(browser);
  const buyer = await signUpViaApi(page, { name: 'Mae Mailed' });
  await reviewViaApi(page, sellersPage, product, { rating: 2, text: 'The shade arrived cracked.' });

  await sellersPage.setViewportSize({ width: 1280, height: 900 });
  await sellersPage.goto(`/product/${product._id}`);
  const sellersReview = reviewsSection(sellersPage).getByRole('article', { name: `Review by ${buyer.name}` });
  await sellersReview.getByLabel('Your reply').fill('So sorry! A new shade is on its way.');
  await sellersReview.getByRole('button', { name: 'Reply' }).click();
  await expect(sellersReview.getByText('So sorry! A new shade is on its way.')).toBeVisible();

  // The buyer's mail leads to the product's reviews, where the reply is.
  const link = await mailedLink(buyer.email, 'review-reply');
  expect(new URL(link).pathname + new URL(link).hash).toBe(`/product/${product._id}#reviews`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(link);
  const review = reviewsSection(page).getByRole('article', { name: `Review by ${buyer.name}` });
  await expect(review.getByText('So sorry! A new shade is on its way.')).toBeInViewport();
  await expect(review.getByText(`Reply from the seller`)).toBeVisible();

  // The seller rewrites the reply: it shows as edited, to the buyer too.
  await sellersReview.getByRole('button', { name: 'Edit reply' }).click();
  const form = sellersReview.getByRole('form', { name: 'Edit your reply' });
  await expect(form.getByLabel('Your reply')).toHaveValue('So sorry! A new shade is on its way.');
  await form.getByLabel('Your reply').fill('So sorry! A new shade left today, tracking by mail.');
  await form.getByRole('button', { name: 'Save reply' }).click();
  await expect(sellersReview.getByText('So sorry! A new shade left today, tracking by mail.')).toBeVisible();
  await expect(sellersReview.getByText('Edited')).toBeVisible();
  if (SCREENS) await reviewsSection(sellersPage).screenshot({ path: `${SCREENS}/reviews-reply-edited.png` });
  await page.reload();
  await expect(review.getByText('So sorry! A new shade left today, tracking by mail.')).toBeVisible();
  await expect(review.getByText('Edited')).toBeVisible();
  // Only the seller may change the reply.
  await expect(review.getByRole('button', { name: 'Edit reply' })).toHaveCount(0);

  // Deleted, the review waits for a reply again.
  await sellersReview.getByRole('button', { name: 'Delete reply' }).click();
  await sellersPage
    .getByRole('dialog', { name: 'Delete your reply?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(sellersReview.getByText('Reply from the seller')).toHaveCount(0);
  await expect(sellersReview.getByRole('form', { name: 'Reply to this review' })).toBeVisible();
  await page.reload();
  await expect(review.getByText('Reply from the seller')).toHaveCount(0);
  await sellersPage.close();
});
