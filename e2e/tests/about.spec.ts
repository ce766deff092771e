import { expect, test } from '@playwright/test';

test('the About page shows the sample product, Our Mission and Contact Us', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Bazaar' })).toBeVisible();

  const sample = page.getByRole('region', { name: 'What a product tells you' });
  for (const field of ['product_id', 'currency', 'availability', 'warranty']) {
    await expect(sample.getByRole('term').filter({ hasText: new RegExp(`^${field}$`) })).toBeVisible();
  }
  await expect(sample.getByRole('heading', { name: 'shipping_details' })).toBeVisible();
  for (const [field, value] of [
    ['weight', '1.2 kg'],
    ['dimensions', '30 × 20 × 10 cm'],
    ['shipping_cost', '$10.00'],
    ['estimated_delivery', '3-5 working days'],
  ] as const) {
    const term = sample.getByRole('term').filter({ hasText: new RegExp(`^${field}$`) });
    await expect(term).toBeVisible();
    await expect(term.locator('xpath=following-sibling::dd')).toHaveText(value);
  }
  await expect(sample.getByText('USD', { exact: true })).toBeVisible();

  await expect(page.getByRole('region', { name: 'Our Mission' })).toContainText('We ship worldwide');
  const contact = page.getByRole('region', { name: 'Contact Us' });
  await expect(contact.getByRole('link', { name: 'support@bazaar.example' })).toHaveAttribute(
    'href',
    'mailto:support@bazaar.example',
  );
});
