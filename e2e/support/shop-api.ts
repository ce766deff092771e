import type { Order } from '@bazaar/shared/orders';
import type { Product } from '@bazaar/shared/products';
import { expect, type Page } from '@playwright/test';
import { shopOrigin } from './auth.ts';

// Shop writes through the API as the user this page's browser is signed in as (the request context shares
// its cookies): for tests whose subject is another page.

/** Adds a product as the signed-in user; `fields` override a valid product. */
export async function createProductViaApi(
  page: Page,
  fields: Record<string, unknown> = {},
): Promise<Product> {
  const response = await page.request.post('/api/products', {
    data: { name: `Test product ${Date.now().toString(36)}`, price: 40, discount: 25, ...fields },
    headers: { origin: shopOrigin() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

/** Places an order as the signed-in user. */
export async function placeOrderViaApi(
  page: Page,
  lines: { productId: string; quantity: number }[],
): Promise<Order> {
  const response = await page.request.post('/api/orders', {
    data: {
      name: 'Bea Buyer',
      email: 'bea@example.com',
      phone: '+44 20 7946 0000',
      address: '2 Market Street, Leeds',
      paymentMethod: 'cash on delivery',
      products: lines,
    },
    headers: { origin: shopOrigin() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}
