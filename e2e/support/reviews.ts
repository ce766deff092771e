import type { Order } from '@bazaar/shared/orders';
import type { Product } from '@bazaar/shared/products';
import type { Review } from '@bazaar/shared/reviews';
import { expect, type Browser, type Page } from '@playwright/test';
import { shopOrigin, signUpViaApi, type SignedUpAccount } from './auth.ts';
import { moveSaleViaApi, placeOrderViaApi } from './shop-data.ts';

/**
 * The buyer signed in on `buyersPage` orders the product, the seller (signed in on `sellersPage`) delivers it and
 * the buyer reviews it, all through the API.
 */
export async function reviewViaApi(
  buyersPage: Page,
  sellersPage: Page,
  product: Product,
  review: { rating: number; text: string },
): Promise<Review> {
  const order: Order = await placeOrderViaApi(buyersPage.request, [{ productId: product._id, quantity: 1 }]);
  await moveSaleViaApi(sellersPage.request, order._id, 'shipped');
  await moveSaleViaApi(sellersPage.request, order._id, 'delivered');
  const response = await buyersPage.request.post(`/api/products/${product._id}/reviews`, {
    data: review,
    headers: { origin: shopOrigin() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Review;
}

/**
 * A new buyer named `name`, in a browser of their own, reviews the product as above. Every browser of the run signs
 * up from this machine's address, so each such writer shares the seller's sign-up address, as a seller's second
 * account would.
 */
export async function reviewedBy(
  browser: Browser,
  sellersPage: Page,
  product: Product,
  name: string,
  review: { rating: number; text: string },
): Promise<SignedUpAccount & { review: Review }> {
  const page = await browser.newPage();
  const buyer = await signUpViaApi(page, { name });
  const written = await reviewViaApi(page, sellersPage, product, review);
  await page.close();
  return { ...buyer, review: written };
}
