import { expect, test } from '@playwright/test';

test('the About page tells shoppers how Bazaar works, with the sample product, Our Mission and Contact Us', async ({
  page,
}) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Bazaar' })).toBeVisible();

  await expect(page).toHaveTitle('About — Bazaar');
  await expect(
    page.getByRole('region', { name: 'How shopping on Bazaar works' }).getByRole('listitem'),
  ).toHaveText([/Find it/, /Order it/, /Follow it/]);

  // The spec's sample product, in a shopper's words rather than as its field names.
  const sample = page.getByRole('region', { name: 'What a product tells you' });
  for (const [term, value] of [
    ['Product code', 'BZR-2024-00157'],
    ['Prices in', 'US dollars (USD)'],
    ['Availability', 'In stock'],
    ['Warranty', '1 year manufacturer warranty'],
    ['Weight', '1.2 kg'],
    ['Size', '30 × 20 × 10 cm'],
    ['Shipping', '$10.00, or what its seller charges'],
    ['Delivery', '3-5 working days'],
  ] as const) {
    const shown = sample.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) });
    await expect(shown).toBeVisible();
    await expect(shown.locator('xpath=following-sibling::dd')).toHaveText(value);
  }
  await expect(sample).not.toContainText(/product_id|shipping_details|estimated_delivery|shipping_cost/);

  await expect(page.getByRole('region', { name: 'Our Mission' })).toContainText('We ship worldwide');
  const contact = page.getByRole('region', { name: 'Contact Us' });
  await expect(contact.getByRole('link', { name: 'support@bazaar.example' })).toHaveAttribute(
    'href',
    'mailto:support@bazaar.example',
  );
});
