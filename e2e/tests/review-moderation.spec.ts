import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { signInAsAdminViaApi, signUpViaApi } from '../support/auth.ts';
import { reviewedBy } from '../support/reviews.ts';
import { screenshots } from '../support/screens.ts';
import { createProductViaApi } from '../support/shop-data.ts';
import { expectNoSeriousA11yViolations } from '../support/storefront-checks.ts';

const reviewsSection = (page: Page) => page.getByRole('region', { name: 'Reviews' });

test('an admin hides a flagged review with a reason: the product page drops it and its rating follows', async ({
  page,
  browser,
}) => {
  const sellersPage = await browser.newPage();
  const label = uniqueEmail('m').split('@')[0]?.slice(-6) ?? 'm';
  await signUpViaApi(sellersPage, { name: `Sly Seller ${label}` });
  const product = await createProductViaApi(sellersPage.request, { name: `Suspicious lamp ${label}` });
  const fake = await reviewedBy(browser, sellersPage, product, `Fan Account ${label}`, {
    rating: 5,
    text: 'Best lamp ever, buy ten!',
  });
  await reviewedBy(browser, sellersPage, product, `Plain Buyer ${label}`, { rating: 1, text: 'Flickers.' });
  await sellersPage.close();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/product/${product._id}`);
  const reviews = reviewsSection(page);
  await expect(reviews.getByText('3.0 (2 reviews)')).toBeVisible();
  await expect(reviews.getByText('Best lamp ever, buy ten!')).toBeVisible();

  await signInAsAdminViaApi(page);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Reviews' }).click();
  await expect(page).toHaveURL('/dashboard/reviews');
  await expect(page).toHaveTitle('Reviews — Bazaar');
  await page.getByLabel('Show').selectOption('Flagged only');
  await expect(page).toHaveURL('/dashboard/reviews?show=flagged');
  const flagged = page.getByRole('article', { name: `Review of ${product.name} by ${fake.name}` });
  await expect(flagged.getByText('Writer signed up from the seller’s address')).toBeVisible();
  await expect(flagged.getByText('Best lamp ever, buy ten!')).toBeVisible();

  await flagged.getByRole('button', { name: 'Hide', exact: true }).click();
  const form = flagged.getByRole('form', { name: 'Hide this review' });
  // No reason, no hiding: the shared schema's message.
  await form.getByRole('button', { name: 'Hide review' }).click();
  await expect(form.getByText('Give a reason for hiding the review')).toBeVisible();
  await form.getByLabel('Why hide it?').fill('Written by the seller’s second account.');
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'review-moderation-hiding');
  await form.getByRole('button', { name: 'Hide review' }).click();

  await expect(flagged.getByText('Written by the seller’s second account.')).toBeVisible();
  await expect(flagged.getByText('Hidden', { exact: true })).toBeVisible();
  await expect(flagged.getByRole('button', { name: 'Unhide' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'review-moderation-hidden');

  // The product page: the review is gone, and the rating is the one review left.
  await page.goto(`/product/${product._id}`);
  await expect(reviews.getByText('1.0 (1 review)')).toBeVisible();
  await expect(reviews.getByText('Flickers.')).toBeVisible();
  await expect(reviews.getByText('Best lamp ever, buy ten!')).toHaveCount(0);
  const details = page.getByRole('main').getByRole('article').first();
  await expect(details.getByText('(1 review)')).toBeVisible();

  // Unhide: it is back, and so is the rating.
  await page.goto('/dashboard/reviews?show=flagged');
  await flagged.getByRole('button', { name: 'Unhide' }).click();
  await expect(flagged.getByRole('button', { name: 'Hide', exact: true })).toBeVisible();
  await page.goto(`/product/${product._id}`);
  await expect(reviews.getByText('3.0 (2 reviews)')).toBeVisible();
  await expect(reviews.getByText('Best lamp ever, buy ten!')).toBeVisible();
});
