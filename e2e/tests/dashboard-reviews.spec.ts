import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { shopOrigin, signUpViaApi } from '../support/auth.ts';
import { reviewedBy } from '../support/reviews.ts';
import { screenshots } from '../support/screens.ts';
import { createProductViaApi } from '../support/shop-data.ts';
import { expectNoSeriousA11yViolations } from '../support/storefront-checks.ts';

const named = (product: { name: string }, writer: string) => `Review of ${product.name} by ${writer}`;

/** The reviews the page lists, in this order, by product and writer, and how many of them await a reply. */
async function expectListed(page: Page, reviews: [{ name: string }, string][], awaiting: number) {
  const listed = page.getByRole('main').getByRole('article');
  await expect(listed).toHaveCount(reviews.length);
  for (const [i, [product, writer]] of reviews.entries()) {
    await expect(listed.nth(i)).toHaveAccessibleName(named(product, writer));
  }
  await expect(listed.getByText('Awaiting your reply')).toHaveCount(awaiting);
}

test("a seller's Reviews page lists the reviews awaiting a reply first; the seller replies, edits and deletes there", async ({
  page,
  browser,
}) => {
  const label = uniqueEmail('d').split('@')[0]?.slice(-6) ?? 'd';
  await signUpViaApi(page, { name: `Dana Dashboard ${label}` });
  const lamp = await createProductViaApi(page.request, { name: `Dashboard lamp ${label}` });
  const mug = await createProductViaApi(page.request, { name: `Dashboard mug ${label}` });
  // Oldest first: Ada's lamp review, Ben's mug review, Cy's lamp review; Cy's is answered already.
  await reviewedBy(browser, page, lamp, 'Ada Older', { rating: 4, text: 'Warm light.' });
  await reviewedBy(browser, page, mug, 'Ben Middle', { rating: 2, text: 'Handle chipped.' });
  const cy = await reviewedBy(browser, page, lamp, 'Cy Newest', { rating: 5, text: 'Perfect.' });
  const replied = await page.request.post(`/api/products/${lamp._id}/reviews/${cy.review._id}/reply`, {
    data: { text: 'Thank you, Cy!' },
    headers: { origin: shopOrigin() },
  });
  expect(replied.status(), await replied.text()).toBe(201);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Reviews' }).click();
  await expect(page).toHaveURL('/dashboard/reviews');
  await expect(page).toHaveTitle('Reviews — Bazaar');
  // Only admins choose between their own products' reviews and every review.
  await expect(page.getByLabel('Show')).toHaveCount(0);
  const main = page.getByRole('main');
  await expect(main.getByRole('article').getByRole('link')).toHaveText([mug.name, lamp.name, lamp.name]);
  await expectListed(
    page,
    [
      [mug, 'Ben Middle'],
      [lamp, 'Ada Older'],
      [lamp, 'Cy Newest'],
    ],
    2,
  );
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'dashboard-reviews');

  // A reply from the list: Ben's review joins the answered ones, newest first after Cy's.
  const ben = main.getByRole('article', { name: named(mug, 'Ben Middle') });
  await ben.getByLabel('Your reply').fill('Sorry, Ben: a new mug is on its way.');
  await ben.getByRole('button', { name: 'Reply' }).click();
  await expect(ben.getByText('Sorry, Ben: a new mug is on its way.')).toBeVisible();
  await expectListed(
    page,
    [
      [lamp, 'Ada Older'],
      [lamp, 'Cy Newest'],
      [mug, 'Ben Middle'],
    ],
    1,
  );

  // Edit a reply.
  await ben.getByRole('button', { name: 'Edit reply' }).click();
  const form = ben.getByRole('form', { name: 'Edit your reply' });
  await form.getByLabel('Your reply').fill('Sorry, Ben: a new mug left today.');
  await form.getByRole('button', { name: 'Save reply' }).click();
  await expect(ben.getByText('Sorry, Ben: a new mug left today.')).toBeVisible();
  await expect(ben.getByText('Edited')).toBeVisible();

  // On a phone, delete Cy's reply: the review waits for a reply again, and leads the list as the newest waiting.
  await page.setViewportSize({ width: 390, height: 844 });
  const cyListed = main.getByRole('article', { name: named(lamp, 'Cy Newest') });
  await cyListed.getByRole('button', { name: 'Delete reply' }).click();
  await page
    .getByRole('dialog', { name: 'Delete your reply?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(cyListed.getByRole('form', { name: 'Reply to this review' })).toBeVisible();
  await expectListed(
    page,
    [
      [lamp, 'Cy Newest'],
      [lamp, 'Ada Older'],
      [mug, 'Ben Middle'],
    ],
    2,
  );
  await expectNoSeriousA11yViolations(page);

  // The product page shows the buyers what the seller wrote.
  await page.setViewportSize({ width: 1280, height: 900 });
  await main
    .getByRole('article', { name: named(mug, 'Ben Middle') })
    .getByRole('link', { name: mug.name })
    .click();
  await expect(page).toHaveURL(`/product/${mug._id}#reviews`);
  await expect(
    page.getByRole('region', { name: 'Reviews' }).getByText('Sorry, Ben: a new mug left today.'),
  ).toBeVisible();
});

test('a seller without reviews sees the empty list', async ({ page }) => {
  await signUpViaApi(page, { name: 'Nel Noreviews' });
  await page.goto('/dashboard/reviews');
  await expect(page.getByRole('main').getByText('No Reviews Yet')).toBeVisible();
});
