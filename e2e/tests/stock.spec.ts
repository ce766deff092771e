import type { Product } from '@bazaar/shared/products';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { signUpViaApi } from '../support/auth.ts';
import { createProductViaApi } from '../support/shop-data.ts';
import { productCards } from '../support/storefront-checks.ts';

/** A category no other test uses, so that its page lists this test's products only. */
const uniqueCategory = () => `stock-${uniqueEmail('c').split('@')[0]}`;

/** Signs this page in as a new seller and adds a product with `stock`, alone in its own category. */
async function productWithStock(page: Page, stock: number): Promise<Product> {
  await signUpViaApi(page, { name: 'Stella Stock' });
  return createProductViaApi(page.request, {
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

const SHOWN = [
  { stock: 2, label: 'Only 2 left', buyable: true },
  { stock: 0, label: 'Out of stock', buyable: false },
];

for (const { stock, label, buyable } of SHOWN) {
  test(`a product with stock ${stock} says "${label}" on its page and its card; buyable: ${buyable}`, async ({
    page,
  }) => {
    const product = await productWithStock(page, stock);
    await page.goto(`/product/${product._id}`);
    const details = page.getByRole('main').getByRole('article').first();
    await expect(details.getByText(label, { exact: true })).toBeVisible();
    for (const name of ['Add to Cart', 'Buy Now']) {
      await expect(details.getByRole('button', { name })).toBeEnabled({ enabled: buyable });
    }

    await expect((await cardOf(page, product)).getByText(label, { exact: true })).toBeVisible();
  });
}

test('a cart line asking more than the stock warns, and its plus stops at the stock', async ({ page }) => {
  const product = await productWithStock(page, 2);
  await page.addInitScript(
    ({ id }) => {
      if (sessionStorage.getItem('cart-seeded')) return;
      sessionStorage.setItem('cart-seeded', 'yes');
      localStorage.setItem('bazaar-cart', JSON.stringify({ [id]: 3 }));
    },
    { id: product._id },
  );
  await page.goto('/cart');
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

test('checkout warns on a line beyond the stock, and Place Order says why it is refused and keeps the form', async ({
  page,
}) => {
  const product = await productWithStock(page, 2);
  await page.addInitScript(
    ({ id }) => {
      if (sessionStorage.getItem('buy-items-seeded')) return;
      sessionStorage.setItem('buy-items-seeded', 'yes');
      localStorage.setItem('bazaar-buy-items', JSON.stringify([{ productId: id, quantity: 3 }]));
    },
    { id: product._id },
  );
  await page.goto('/dashboard/addorders');
  const tile = page.getByRole('list', { name: 'Products in your order' }).getByRole('listitem');
  await expect(tile.getByText('Only 2 left', { exact: true })).toBeVisible();

  const form = page.getByRole('form', { name: 'Order details' });
  await form.getByLabel('Phone', { exact: true }).fill('+880 1811 222333');
  await form.getByLabel('Address', { exact: true }).fill('5 River View');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText(`Only 2 left of ${product.name}`)).toBeVisible();
  await expect(page).toHaveURL('/dashboard/addorders');
  await expect(form.getByLabel('Address', { exact: true })).toHaveValue('5 River View');
});
