import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpViaApi } from '../support/auth.ts';
import { discountedProducts } from '../support/shop-data.ts';
import { expectNoSeriousA11yViolations } from '../support/storefront-checks.ts';

/** The value beside `label` in the profile's read view. */
function detail(page: Page, label: string): Locator {
  return page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** A field of the edit form (the header's "Profile of …" link would match a bare label). */
function field(page: Page, label: string): Locator {
  return page.getByRole('form', { name: 'Edit profile' }).getByLabel(label, { exact: true });
}

test('the read view shows the profile with N/A for what is missing', async ({ page }) => {
  const account = await signUpViaApi(page, { name: 'Nora Newcomer' });
  await page.goto('/dashboard/profile');

  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(detail(page, 'Name')).toHaveText('Nora Newcomer');
  await expect(detail(page, 'Email')).toHaveText(account.email);
  await expect(detail(page, 'Phone')).toHaveText('N/A');
  await expect(detail(page, 'Address')).toHaveText('N/A');
  // No picture yet: the initials stand in.
  await expect(page.getByRole('img', { name: 'Profile picture of Nora Newcomer' })).toHaveText('NN');
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('editing the profile updates the read view and the header avatar', async ({
  page,
  request,
  baseURL,
}) => {
  const account = await signUpViaApi(page, { name: 'Ed Editor' });
  const [product] = await discountedProducts(request, 1);
  if (!product) throw new Error('no product');
  const pictureUrl = new URL(product.mainImage.url, baseURL).toString();

  await page.goto('/dashboard/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
  await expect(field(page, 'Name')).toHaveValue('Ed Editor');
  await expect(field(page, 'Email')).toHaveValue(account.email);
  await expect(field(page, 'Email')).toHaveAttribute('readonly', '');
  await expectNoSeriousA11yViolations(page);

  await field(page, 'Name').fill('Edwina Editor');
  await field(page, 'Phone').fill('+880 1511 987654');
  await field(page, 'Address').fill('22 Garden Row, Sylhet');
  await field(page, 'Profile Picture URL').fill(pictureUrl);
  await field(page, 'Payout method').selectOption('bKash');
  await field(page, 'Payout account').fill('01711-222333');
  await page.getByRole('button', { name: 'Update' }).click();

  await expect(page.getByText('Profile updated successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(detail(page, 'Name')).toHaveText('Edwina Editor');
  await expect(detail(page, 'Phone')).toHaveText('+880 1511 987654');
  await expect(detail(page, 'Address')).toHaveText('22 Garden Row, Sylhet');
  await expect(detail(page, 'Payouts')).toHaveText('bKash: 01711-222333');
  const picture = page.getByRole('img', { name: 'Profile picture of Edwina Editor' });
  await expect(picture).toHaveAttribute('src', pictureUrl);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const avatar = page.getByRole('banner').getByRole('link', { name: 'Profile of Edwina Editor' });
  await expect(avatar.locator('img')).toHaveAttribute('src', pictureUrl);

  // Saved by the server, not only shown.
  await page.reload();
  await expect(detail(page, 'Phone')).toHaveText('+880 1511 987654');
  const saved = await page.request.get(`/api/users/${encodeURIComponent(account.email)}`);
  expect(await saved.json()).toMatchObject({
    name: 'Edwina Editor',
    phone: '+880 1511 987654',
    address: '22 Garden Row, Sylhet',
    img: pictureUrl,
    payoutMethod: 'bkash',
    payoutAccount: '01711-222333',
  });
});

test('a refused phone keeps the form with the message; Back leaves without saving', async ({ page }) => {
  const account = await signUpViaApi(page, { name: 'Pia Phone' });
  await page.goto('/dashboard/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();

  await field(page, 'Phone').fill('not a phone');
  await field(page, 'Address').fill('1 Unsaved Way');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Phone may hold digits, spaces, +, - and parentheses')).toBeVisible();
  await expect(field(page, 'Phone')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Address')).toHaveValue('1 Unsaved Way');

  await field(page, 'Profile Picture URL').fill('javascript:alert(1)');
  await field(page, 'Phone').fill('+1 555 0100');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Expected an http(s) URL')).toBeVisible();

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(detail(page, 'Phone')).toHaveText('N/A');
  await expect(detail(page, 'Address')).toHaveText('N/A');
  const saved = await page.request.get(`/api/users/${encodeURIComponent(account.email)}`);
  expect(await saved.json()).toMatchObject({ phone: null, address: null, img: null });
});

test('the shop e-mails are on until the user turns them off in the form', async ({ page }) => {
  const account = await signUpViaApi(page, { name: 'Quinn Quiet' });
  await page.goto('/dashboard/profile');
  await expect(detail(page, 'Shop e-mails')).toHaveText('On: orders, sales and reviews');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const checkbox = field(page, 'E-mail me about my orders, sales and reviews');
  await expect(checkbox).toBeChecked();
  await checkbox.uncheck();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Profile updated successfully', { exact: true })).toBeVisible();
  await expect(detail(page, 'Shop e-mails')).toHaveText('Off');
  const saved = await page.request.get(`/api/users/${encodeURIComponent(account.email)}`);
  expect(await saved.json()).toMatchObject({ shopMails: false });
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(checkbox).not.toBeChecked();
});
