import type { Category } from '@bazaar/shared/categories';
import type { Product } from '@bazaar/shared/products';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from '../support/auth.ts';
import { createProductViaApi, placeOrderViaApi } from '../support/shop-data.ts';

/** Opens each path in turn and checks the tab's title, "Name — Bazaar", or the shop's name for no name. */
async function expectTitles(page: Page, titles: readonly (readonly [string, string])[]): Promise<void> {
  for (const [path, name] of titles) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(name ? `${name} — Bazaar` : 'Bazaar');
  }
}

test('every page names itself in the tab’s title', async ({ page }) => {
  const [product] = (await (await page.request.get('/api/products?limit=1&offset=30')).json()) as Product[];
  const [category] = (await (await page.request.get('/api/categories?limit=1')).json()) as Category[];
  if (!product?.seller || !category) throw new Error('the demo shop has no product, seller or category');

  await expectTitles(page, [
    ['/', ''],
    [`/product/${product._id}`, product.name],
    [`/search/${category.categoryName}`, category.categoryName],
    ['/search?q=smart+watch', '“smart watch” — Search'],
    ['/search', 'Search'],
    [`/seller/${product.seller.handle}`, product.seller.name],
    ['/flash-sale', 'Flash Sale'],
    ['/new-product-page', 'New Product'],
    ['/only-for-you', 'Only For You'],
    ['/categories-all', 'All Categories'],
    ['/cart', 'Cart'],
    ['/login', 'Login'],
    ['/register', 'Register'],
    ['/forgot-password', 'Forgot password'],
    ['/reset-password', 'Choose a new password'],
    ['/email-verified?error=INVALID_TOKEN', 'Confirm your e-mail'],
    ['/about', 'About'],
    ['/no/such/page', 'Page not found'],
  ]);

  await signUpViaApi(page, { name: 'Tia Titles' });
  const own = await createProductViaApi(page.request, { name: 'Titled Teapot' });
  const order = await placeOrderViaApi(page.request, [{ productId: product._id, quantity: 1 }]);
  await expectTitles(page, [
    ['/dashboard', 'Overview'],
    ['/dashboard/addorders', 'Checkout'],
    ['/dashboard/orders', 'Orders'],
    [`/dashboard/orders/${order.number}`, `Order ${order.number}`],
    ['/dashboard/orders/BZ-1', 'Order not found'],
    ['/dashboard/add-products', 'Add Product'],
    ['/dashboard/products', 'Products'],
    [`/dashboard/edit-products/${own._id}`, 'Edit Product'],
    ['/dashboard/sales', 'Sales'],
    ['/dashboard/customers', 'Customers'],
    ['/dashboard/reviews', 'Reviews'],
    ['/dashboard/payments', 'Payments'],
    ['/dashboard/profile', 'Profile'],
    ['/dashboard/no-such-page', 'Page not found'],
  ]);
});
