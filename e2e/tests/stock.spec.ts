import type { Product } from '@bazaar/shared/products';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { signUpViaApi, signUpViaRequest } from '../support/auth.ts';
import { createProductViaApi, ORDER_PAGE_URL } from '../support/shop-data.ts';
import { productCards } from '../support/storefront-checks.ts';

/** A category no other test uses, so that its page lists this test's products only. */
const uniqueCategory = () => `stock-${uniqueEmail('c').split('@')[0]}`;

/**
 * A new seller (signed in on `seller`) adds a product with `stock`, alone in its own category; this page is signed in
 * as a shopper, who may buy it.
 */
async function productWithStock(page: Page, seller: APIRequestContext, stock: number): Promise<Product> {
  await signUpViaRequest(seller, { name: 'Stella Stock' });
  await signUpViaApi(page, { name: 'Bo Buyer' });
  return createProductViaApi(seller, {
    name: `Stock Lamp ${uniqueEmail('s').split('@')[0]}`,
    stock,
    categories: [uniqueCategory()],
  });
}

/** The product's card on its category's page. */
async function cardOf(page: Page, product: Product): Promise<Locator> {
  await page.goto(`/search/${product.categories[0] ?? ''}`);
  const card = productCards(page.getByRole('main')).filter({
    has: page.getByRole('link', { name: product.name, exact: true }),
  });
  await expect(card).toHaveCount(1);
  return card;
}

/** Opens the cart holding `quantity` of the product, as a shopper who added them before the stock fell. */
async function cartWith(page: Page, product: Product, quantity: number) {
  await page.addInitScript(
    ({ id, wanted }) => {
      if (sessionStorage.getItem('cart-seeded')) return;
      sessionStorage.setItem('cart-seeded', 'yes');
      localStorage.setItem('bazaar-cart', JSON.stringify({ [id]: wanted }));
    },
    { id: product._id, wanted: quantity },
  );
  await page.goto('/cart');
}

const SHOWN = [
  { stock: 2, label: 'Only 2 left', buyable: true },
  { stock: 0, label: 'Out of stock', buyable: false },
];

for (const { stock, label, buyable } of SHOWN) {
  test(`a product with stock ${stock} says "${label}" on its page and its card; buyable: ${buyable}`, async ({
    page,
    request,
  }) => {
    const product = await productWithStock(page, request, stock);
    await page.goto(`/product/${product._id}`);
    const details = page.getByRole('main').getByRole('article').first();
    await expect(details.getByText(label, { exact: true })).toBeVisible();
    for (const name of ['Add to Cart', 'Buy Now']) {
      await expect(details.getByRole('button', { name })).toBeEnabled({ enabled: buyable });
    }

    await expect((await cardOf(page, product)).getByText(label, { exact: true })).toBeVisible();
  });
}

test('a cart line asking more than the stock warns, and its plus stops at the stock', async ({
  page,
  request,
}) => {
  const product = await productWithStock(page, request, 2);
  await cartWith(page, product, 3);
  const line = page.getByRole('list', { name: 'Products in your cart' }).getByRole('listitem');
  await expect(line.getByText('Only 2 left', { exact: true })).toBeVisible();
  const plus = line.getByRole('button', { name: `Increase quantity of ${product.name}` });
  await expect(plus).toBeDisabled();
  await line.getByRole('button', { name: `Decrease quantity of ${product.name}` }).click();
  await line.getByRole('button', { name: `Decrease quantity of ${product.name}` }).click();
  await expect(line.getByRole('status', { name: `Quantity of ${product.name}` })).toHaveText('1');
  await plus.click();
  await expect(line.getByRole('status', { name: `Quantity of ${product.name}` })).toHaveText('2');
  await expect(plus).toBeDisabled();
});

/** Opens checkout with `quantity` of the product as its buy items (as Checkout or Buy Now leaves them). */
async function checkoutWith(page: Page, product: Product, quantity: number) {
  await page.addInitScript(
    ({ id, wanted }) => {
      if (sessionStorage.getItem('buy-items-seeded')) return;
      sessionStorage.setItem('buy-items-seeded', 'yes');
      localStorage.setItem('bazaar-buy-items', JSON.stringify([{ productId: id, quantity: wanted }]));
    },
    { id: product._id, wanted: quantity },
  );
  await page.goto('/dashboard/addorders');
  const form = page.getByRole('form', { name: 'Order details' });
  await form.getByLabel('Phone', { exact: true }).fill('+880 1811 222333');
  await form.getByLabel('Address', { exact: true }).fill('5 River View');
  return {
    form,
    tile: page.getByRole('list', { name: 'Products in your order' }).getByRole('listitem'),
    placeOrder: page.getByRole('button', { name: 'Place Order' }),
  };
}

test('the cart says which line cannot be had and checks out once it is lowered', async ({
  page,
  request,
}) => {
  const product = await productWithStock(page, request, 2);
  await cartWith(page, product, 3);
  const checkout = page.getByRole('button', { name: 'Checkout' });
  await expect(checkout).toBeDisabled();
  await expect(checkout).toHaveAccessibleDescription(/Lower or remove the lines marked in red/);
  await page.getByRole('button', { name: `Decrease quantity of ${product.name}` }).click();
  await expect(checkout).toBeEnabled();
  await checkout.click();
  await expect(page).toHaveURL('/dashboard/addorders');
});

test('Add to Cart stops at the stock and says so', async ({ page, request }) => {
  const product = await productWithStock(page, request, 2);
  await page.goto(`/product/${product._id}`);
  const addToCart = page.getByRole('button', { name: 'Add to Cart' });
  await addToCart.click();
  await addToCart.click();
  await addToCart.click();
  await expect(page.getByText('Your cart already holds all 2 left of this product')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 product' })).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('status', { name: `Quantity of ${product.name}` })).toHaveText('2');
});

test('checkout names a line beyond the stock, holds Place Order, and orders what is left on request', async ({
  page,
  request,
}) => {
  const product = await productWithStock(page, request, 2);
  const { tile, placeOrder } = await checkoutWith(page, product, 3);
  await expect(tile.getByText('Only 2 left', { exact: true })).toBeVisible();
  const note = page.getByRole('alert').filter({ hasText: 'Change your order to place it.' });
  await expect(note).toContainText(`Only 2 left of ${product.name}.`);
  await expect(placeOrder).toBeDisabled();

  await page.getByRole('button', { name: 'Order what is left' }).click();
  await expect(note).toHaveCount(0);
  await expect(tile.getByRole('definition').first()).toHaveText('2');
  await placeOrder.click();
  await expect(page).toHaveURL(ORDER_PAGE_URL);
});

test('stock that runs out after checkout opened: Place Order says why it is refused and keeps the form', async ({
  page,
  request,
}) => {
  const product = await productWithStock(page, request, 2);
  const { form, placeOrder } = await checkoutWith(page, product, 2);
  await expect(placeOrder).toBeEnabled();
  // Someone else bought one meanwhile.
  const sold = await request.patch(`/api/products/${product._id}`, {
    data: { stock: 1 },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(sold.status()).toBe(200);

  await placeOrder.click();
  await expect(page.getByText(`Only 1 left of ${product.name}`).first()).toBeVisible();
  await expect(page).toHaveURL('/dashboard/addorders');
  await expect(form.getByLabel('Address', { exact: true })).toHaveValue('5 River View');
  await expect(page.getByRole('button', { name: 'Order what is left' })).toBeVisible();
});
