import { QUANTITY_MAX } from '@bazaar/shared/orders';
import { expect, test, type Page } from '@playwright/test';
import { shopOrigin, signUpViaApi, signUpViaRequest } from '../support/auth.ts';
import { createProductViaApi, ORDER_PAGE_URL, ordersViaApi, placeOrderViaApi } from '../support/shop-data.ts';

/** A field of the checkout form (the header's "Profile of …" link would match a bare label). */
const field = (page: Page, label: string) =>
  page.getByRole('form', { name: 'Order details' }).getByLabel(label, { exact: true });
const totalPrice = (page: Page) => page.getByRole('status', { name: 'Total Price' });
const placeOrderButton = (page: Page) => page.getByRole('button', { name: 'Place Order' });

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of SIZES) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('a price raised between the cart and Place Order is shown, and a second Place Order accepts it', async ({
      page,
      request,
    }, testInfo) => {
      await signUpViaRequest(request, { name: 'Pia Price' });
      await signUpViaApi(page, { name: 'Bo Buyer' });
      const product = await createProductViaApi(request, {
        name: `Price Lamp ${Date.now().toString(36)}`,
        price: 1,
        discount: 0,
      });
      await page.goto(`/product/${product._id}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.goto('/cart');
      await page.getByRole('button', { name: 'Checkout' }).click();
      await expect(page).toHaveURL('/dashboard/addorders');
      // $1.00 and the new seller's $10.00 of shipping.
      await expect(totalPrice(page)).toHaveText('$11.00');
      await field(page, 'Phone').fill('+880 1711 000000');
      await field(page, 'Address').fill('12 Lake Road, Dhaka');

      // The seller raises the price while the buyer looks at $1.00.
      const raised = await request.patch(`/api/products/${product._id}`, {
        data: { price: 999 },
        headers: { origin: shopOrigin() },
      });
      expect(raised.ok(), await raised.text()).toBe(true);

      await placeOrderButton(page).click();
      const refusal = page
        .getByRole('form', { name: 'Order details' })
        .getByRole('alert')
        .filter({ hasText: 'The price changed' });
      await expect(refusal).toHaveText(
        'The price changed: the total is now $1,009.00 (was $11.00). Place the order again to accept.',
      );
      await expect(totalPrice(page)).toHaveText('$1,009.00');
      await expect(placeOrderButton(page)).toHaveAccessibleDescription(/The price changed/);
      expect((await ordersViaApi(page.request)).total).toBe(0);
      await refusal.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`price-changed-${name}.png`) });

      await placeOrderButton(page).click();
      await expect(page.getByText('Order placed successfully', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(ORDER_PAGE_URL);
      const { orders, total } = await ordersViaApi(page.request);
      expect(total).toBe(1);
      expect(orders[0]?.totalPrice).toBe(1009);
    });
  });
}

test('a buyer holding the most of a product unshipped is told so beside Place Order, and nothing is ordered', async ({
  page,
  request,
}) => {
  await signUpViaRequest(request, { name: 'Sol Seller' });
  await signUpViaApi(page, { name: 'Hal Holder' });
  const product = await createProductViaApi(request, { name: `Hold Lamp ${Date.now().toString(36)}` });
  // The shop's default UNITS_HELD_PER_PRODUCT is one line's most.
  await placeOrderViaApi(page.request, [{ productId: product._id, quantity: QUANTITY_MAX }]);
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await field(page, 'Phone').fill('+880 1711 000000');
  await field(page, 'Address').fill('12 Lake Road, Dhaka');
  await placeOrderButton(page).click();
  await expect(page.getByRole('form', { name: 'Order details' }).getByRole('alert')).toHaveText(
    `You already have ${QUANTITY_MAX} of ${product.name} in orders not yet shipped: ` +
      'you may order more once one of them ships or you cancel it.',
  );
  await expect(page).toHaveURL('/dashboard/addorders');
  expect((await ordersViaApi(page.request)).total).toBe(1);
});
