import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from '../support/auth.ts';
import { screenshot } from '../support/screens.ts';
import { discountedProducts, ORDER_PAGE_URL, ordersViaApi } from '../support/shop-data.ts';
import { expectNoSeriousA11yViolations } from '../support/storefront-checks.ts';

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** A field of the checkout form (the header's "Profile of …" link would match a bare label). */
const field = (page: Page, label: string) =>
  page.getByRole('form', { name: 'Order details' }).getByLabel(label, { exact: true });

/** Puts `quantity` of the product into this page's cart before its next page load. */
async function cartWith(page: Page, productId: string, quantity: number): Promise<void> {
  await page.goto('/');
  await page.evaluate(
    ({ id, wanted }) => localStorage.setItem('bazaar-cart', JSON.stringify({ [id]: wanted })),
    { id: productId, wanted: quantity },
  );
}

for (const { name, viewport } of SIZES) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test("checkout is the buyer's page: the shop's header, no seller's menu, and the keyboard goes from Checkout to its fields", async ({
      page,
      request,
    }) => {
      await signUpViaApi(page, { name: 'Kay Keys' });
      const [product] = await discountedProducts(request, 1);
      if (!product) throw new Error('no product');
      await cartWith(page, product._id, 2);
      await page.goto('/cart');

      await page.getByRole('button', { name: 'Checkout' }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL('/dashboard/addorders');
      const heading = page.getByRole('heading', { level: 1, name: 'Add Order' });
      await expect(heading).toBeFocused();
      // The shop's header above it, and no dashboard menu beside it.
      await expect(page.getByRole('banner').getByRole('link', { name: 'Bazaar' })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: /^Cart, 1 product/ })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('link', { name: 'Overview' })).toHaveCount(0);
      // Nor is the header's Dashboard (behind the menu button on a phone) the current page.
      await expect(
        page.getByRole('banner').getByRole('link', { name: 'Dashboard', includeHidden: true }),
      ).not.toHaveAttribute('aria-current', 'page');

      // The next Tab is the first field; the whole order goes by keyboard.
      await page.keyboard.press('Tab');
      await expect(field(page, 'Name')).toBeFocused();
      await expect(field(page, 'Name')).toHaveValue('Kay Keys');
      await page.keyboard.press('Tab');
      await expect(field(page, 'Email')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(field(page, 'Phone')).toBeFocused();
      await page.keyboard.type('+880 1711 000000');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('radio', { name: 'Cash on delivery' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(field(page, 'Address')).toBeFocused();
      await page.keyboard.type('4 Key Street, Sylhet');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `checkout-${name}`);

      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Place Order' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(ORDER_PAGE_URL);
      const { orders } = await ordersViaApi(page.request);
      expect(orders.map((order) => [order.address, order.products.map((line) => line.quantity)])).toEqual([
        ['4 Key Street, Sylhet', [2]],
      ]);
    });

    test('checkout opened at its address puts the first field one Tab away too', async ({
      page,
      request,
    }) => {
      await signUpViaApi(page, { name: 'Lou Link' });
      const [product] = await discountedProducts(request, 1);
      if (!product) throw new Error('no product');
      await page.goto('/');
      await page.evaluate(
        (id) => localStorage.setItem('bazaar-buy-items', JSON.stringify([{ productId: id, quantity: 1 }])),
        product._id,
      );
      await page.goto('/dashboard/addorders');
      await expect(page.getByRole('heading', { level: 1, name: 'Add Order' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(field(page, 'Name')).toBeFocused();
      // The dashboard's own pages keep their menu, and the header says where they are.
      await page.goto('/dashboard/orders');
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
      await expect(
        page.getByRole('banner').getByRole('link', { name: 'Dashboard', includeHidden: true }),
      ).toHaveAttribute('aria-current', 'page');
    });
  });
}
