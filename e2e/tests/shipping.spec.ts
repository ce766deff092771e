import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, signUpViaRequest } from '../support/auth.ts';
import { screenshot } from '../support/screens.ts';
import { createProductViaApi, ORDER_PAGE_URL, ordersViaApi } from '../support/shop-data.ts';

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

const summary = (page: Page) => page.getByRole('region', { name: 'Order Summery' });
const shippingParts = (page: Page) =>
  page.getByRole('list', { name: 'Shipping from each seller' }).getByRole('listitem');
const totalPrice = (page: Page) => page.getByRole('status', { name: 'Total Price' });
const field = (page: Page, label: string) =>
  page.getByRole('form', { name: 'Order details' }).getByLabel(label, { exact: true });

for (const { name, viewport } of SIZES) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('a seller sets their shipping in the profile, and a buyer pays it, free from their amount', async ({
      page,
      browser,
    }) => {
      // The seller: $4.50 a part, free from $50.00 of their products.
      const seller = await signUpViaApi(page, { name: 'Pia Pots' });
      const vase = await createProductViaApi(page.request, {
        name: `Shipping Vase ${Date.now().toString(36)}`,
        price: 30,
        discount: 0,
      });
      await page.goto('/dashboard/profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      const form = page.getByRole('form', { name: 'Edit profile' });
      await expect(form.getByLabel('Shipping fee')).toHaveValue('10.00');
      await expect(form.getByLabel('Free shipping over')).toHaveValue('');
      await form.getByLabel('Shipping fee').fill('-1');
      await form.getByLabel('Free shipping over').click();
      await expect(form.getByText("Shipping fee can't be negative")).toBeVisible();
      await form.getByLabel('Shipping fee').fill('4.50');
      await form.getByLabel('Free shipping over').fill('50');
      await form.getByRole('button', { name: 'Update' }).click();
      await expect(page.getByText('Profile updated successfully')).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: '$4.50 an order' })).toHaveText(
        '$4.50 an order, free from $50.00 of your products',
      );
      await screenshot(page, `shipping-profile-${name}`);

      // A buyer in another browser: one vase pays the seller's $4.50.
      const context = await browser.newContext({ viewport });
      const buyerPage = await context.newPage();
      await signUpViaRequest(buyerPage.request, { name: 'Bo Buyer' });
      await buyerPage.goto(`/product/${vase._id}`);
      await buyerPage.getByRole('button', { name: 'Add to Cart' }).click();
      await buyerPage.goto('/cart');
      await expect(shippingParts(buyerPage)).toHaveText([
        /^from Pia Potsfree from \$50\.00 of their products\$4\.50$/,
      ]);
      await expect(
        summary(buyerPage)
          .getByRole('definition')
          .filter({ hasText: /^\$34\.50$/ }),
      ).toBeVisible();
      await screenshot(buyerPage, `shipping-cart-one-${name}`);

      // A second vase reaches $50.00: the part ships free.
      await buyerPage.getByRole('button', { name: `Increase quantity of ${vase.name}` }).click();
      await expect(shippingParts(buyerPage)).toHaveText([/^from Pia PotsFree$/]);
      await screenshot(buyerPage, `shipping-cart-free-${name}`);
      await buyerPage.getByRole('button', { name: 'Checkout' }).click();
      await expect(totalPrice(buyerPage)).toHaveText('$60.00');
      await field(buyerPage, 'Phone').fill('+880 1711 000000');
      await field(buyerPage, 'Address').fill('12 Lake Road, Dhaka');
      await screenshot(buyerPage, `shipping-checkout-${name}`);
      await buyerPage.getByRole('button', { name: 'Place Order' }).click();
      await expect(buyerPage).toHaveURL(ORDER_PAGE_URL);
      const { orders } = await ordersViaApi(buyerPage.request);
      expect(orders[0]).toMatchObject({ subtotal: 60, shipping: 0, totalPrice: 60 });
      expect(orders[0]?.parts).toEqual([
        {
          seller: { handle: seller.handle, name: 'Pia Pots' },
          subtotal: 60,
          shipping: 0,
          due: 60,
          status: 'processing',
        },
      ]);
      await context.close();
    });
  });
}
