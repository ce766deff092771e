import type { Product } from '@bazaar/shared/products';
import { expect, test, type Page } from '@playwright/test';
import { shopOrigin, signOutViaApi, signUpViaApi, signUpViaRequest, submitLogin } from '../support/auth.ts';
import { screenshot } from '../support/screens.ts';
import {
  createProductViaApi,
  discountedProducts,
  ORDER_PAGE_URL,
  ordersViaApi,
} from '../support/shop-data.ts';

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

const details = (page: Page) => page.getByRole('main').getByRole('article').first();
const tiles = (page: Page) =>
  page.getByRole('list', { name: 'Products in your order' }).getByRole('listitem');
const tileOf = (page: Page, product: Product) =>
  tiles(page).filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
const field = (page: Page, label: string) =>
  page.getByRole('form', { name: 'Order details' }).getByLabel(label, { exact: true });
const placeOrderButton = (page: Page) => page.getByRole('button', { name: 'Place Order' });
const ownNote = (product: Product) =>
  `You cannot buy your own product: ${product.name}. Take it out to place the order.`;

async function stockOf(page: Page, product: Product): Promise<number | null> {
  const response = await page.request.get(`/api/products/${product._id}`);
  return ((await response.json()) as Product).stock;
}

for (const { name, viewport } of SIZES) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('a seller’s own product page says "This is your product" in place of Add to Cart and Buy Now', async ({
      page,
    }) => {
      await signUpViaApi(page, { name: 'Owen Owner' });
      const product = await createProductViaApi(page.request, {
        name: `Owner Lamp ${Date.now().toString(36)}`,
      });
      await page.goto(`/product/${product._id}`);
      await expect(details(page).getByText('This is your product', { exact: true })).toBeVisible();
      for (const button of ['Add to Cart', 'Buy Now']) {
        await expect(details(page).getByRole('button', { name: button })).toHaveCount(0);
      }
      await expect(details(page).getByRole('link', { name: 'Edit product' })).toHaveAttribute(
        'href',
        `/dashboard/edit-products/${product._id}`,
      );
      await screenshot(page, `own-product-${name}`);

      // Anyone else may buy it.
      await signOutViaApi(page);
      await page.reload();
      await expect(details(page).getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
      await expect(details(page).getByRole('button', { name: 'Buy Now' })).toBeEnabled();
      await expect(details(page).getByText('This is your product')).toHaveCount(0);
    });

    test('a cart holding the seller’s own product, filled before signing in, is told at checkout which line it is', async ({
      page,
      request,
    }) => {
      const seller = await signUpViaRequest(request, { name: 'Sue Seller' });
      const own = await createProductViaApi(request, { name: `Own Vase ${Date.now().toString(36)}` });
      const [other] = await discountedProducts(request, 1);
      if (!other) throw new Error('no product');

      // Signed out, she fills a cart with her own vase and another seller's product.
      for (const product of [own, other]) {
        await page.goto(`/product/${product._id}`);
        await details(page).getByRole('button', { name: 'Add to Cart' }).click();
        await expect(page.getByText('Product added to cart').first()).toBeVisible();
      }
      await page.goto('/cart');
      await page.getByRole('button', { name: 'Checkout' }).click();
      await expect(page).toHaveURL('/login');
      await submitLogin(page, seller.email, seller.password);
      await expect(page).toHaveURL('/dashboard/addorders');

      await expect(tiles(page)).toHaveCount(2);
      await expect(tileOf(page, own).getByText('This is your product', { exact: true })).toBeVisible();
      await expect(tileOf(page, other).getByText('This is your product')).toHaveCount(0);
      await expect(page.getByRole('alert').filter({ hasText: ownNote(own) })).toBeVisible();
      await expect(placeOrderButton(page)).toBeDisabled();
      await screenshot(page, `checkout-own-product-${name}`);

      await page.getByRole('button', { name: 'Order without it' }).click();
      await expect(tiles(page)).toHaveCount(1);
      await expect(tileOf(page, other)).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'You cannot buy your own' })).toHaveCount(0);
      await field(page, 'Phone').fill('+880 1711 000000');
      await field(page, 'Address').fill('2 Potter Lane, Rajshahi');
      await placeOrderButton(page).click();
      await expect(page).toHaveURL(ORDER_PAGE_URL);
      const { orders } = await ordersViaApi(page.request);
      expect(orders.map((order) => order.products.map((line) => line._id))).toEqual([[other._id]]);
      // Her vase stays in the cart, marked as hers and without Buy Now, where she may remove it.
      expect(await page.evaluate(() => localStorage.getItem('bazaar-cart'))).toBe(
        JSON.stringify({ [own._id]: 1 }),
      );
      await page.goto('/cart');
      const line = page.getByRole('list', { name: 'Products in your cart' }).getByRole('listitem');
      await expect(line).toHaveCount(1);
      await expect(line.getByText('This is your product: you cannot buy it')).toBeVisible();
      await expect(line.getByRole('button', { name: `Buy Now: ${own.name}` })).toHaveCount(0);
      await expect(line.getByRole('button', { name: `Remove ${own.name}` })).toBeVisible();
    });
  });
}

test('the shop decides whose product it is from the session: a 409 at Place Order names the line and orders nothing', async ({
  page,
  request,
}) => {
  const seller = await signUpViaRequest(request, { name: 'Sid Seller' });
  const own = await createProductViaApi(request, { name: `Own Clock ${Date.now().toString(36)}`, stock: 5 });
  await signUpViaApi(page, { name: 'Ann Other' });
  await page.goto('/');
  await page.evaluate(
    (id) => localStorage.setItem('bazaar-buy-items', JSON.stringify([{ productId: id, quantity: 1 }])),
    own._id,
  );
  await page.goto('/dashboard/addorders');
  await expect(tileOf(page, own)).toBeVisible();
  await field(page, 'Phone').fill('+880 1711 000000');
  await field(page, 'Address').fill('9 Clock Tower Road, Dhaka');
  await expect(placeOrderButton(page)).toBeEnabled();

  // In another tab of this browser the seller signs in: this page still shows Ann, the shop now sees Sid.
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: seller.email, password: seller.password },
    headers: { origin: shopOrigin() },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);

  await placeOrderButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: ownNote(own) })).toBeVisible();
  await expect(tileOf(page, own).getByText('This is your product', { exact: true })).toBeVisible();
  await expect(placeOrderButton(page)).toBeDisabled();
  await expect(page).toHaveURL('/dashboard/addorders');
  // The page learnt who is signed in.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Profile of Sid Seller' })).toBeVisible();
  expect((await ordersViaApi(page.request)).total).toBe(0);
  expect(await stockOf(page, own)).toBe(5);
});
