import {
  IDEMPOTENCY_KEY_HEADER,
  type Order,
  type OrderCreated,
  type OrderCreateInput,
} from '@bazaar/shared/orders';
import { payableCents } from '@bazaar/shared/pricing';
import type { Product } from '@bazaar/shared/products';
import { expect, type APIRequestContext, type Browser, type BrowserContextOptions } from '@playwright/test';
import { shopOrigin, signedInPage } from './auth.ts';

/**
 * Products with a discount, so that the payable total and the spec's discount amount differ. Taken from below
 * the newest ones, which tests running beside this one create and delete.
 */
export async function discountedProducts(request: APIRequestContext, count: number): Promise<Product[]> {
  const response = await request.get('/api/products', { params: { limit: 60, offset: 30, sort: 'newest' } });
  expect(response.ok()).toBe(true);
  const products = ((await response.json()) as Product[]).filter(
    (product) => product.discount > 0 && product.discount < 100,
  );
  expect(products.length).toBeGreaterThanOrEqual(count);
  return products.slice(0, count);
}

/** What each seller of the demo shop, and each new account, charges to ship their part of an order: $10.00. */
export const DEFAULT_SHIPPING_CENTS = 1000;

/** What an order of `products` is charged to ship: each demo seller keeps the shop's default, $10.00 a part. */
export function demoShippingCents(products: readonly Product[]): number {
  return DEFAULT_SHIPPING_CENTS * new Set(products.map((product) => product.seller.handle)).size;
}

/** What an order of `lines` costs from sellers who charge the default shipping: the goods, and $10 a seller. */
export function orderTotalCents(lines: { product: Product; quantity: number }[]): number {
  const goods = lines.reduce((sum, { product, quantity }) => sum + payableCents(product, quantity), 0);
  return goods + demoShippingCents(lines.map(({ product }) => product));
}

type ContactDetails = Omit<OrderCreateInput, 'products'>;

/** A checkout form's contact details that the server accepts. */
export const CONTACT: ContactDetails = {
  name: 'Olive Owner',
  email: 'olive@example.com',
  phone: '+44 20 7946 0958',
  address: '1 High Street, London',
  paymentMethod: 'cash on delivery',
};

/** Places an order as whoever `request` is signed in as, and answers it. */
export async function placeOrderViaApi(
  request: APIRequestContext,
  lines: { productId: string; quantity: number }[],
  contact: Partial<ContactDetails> = {},
  idempotencyKey?: string,
): Promise<OrderCreated> {
  const response = await request.post('/api/orders', {
    data: { ...CONTACT, ...contact, products: lines },
    headers: {
      origin: shopOrigin(),
      ...(idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as OrderCreated;
}

/**
 * Moves the lines of `orderId` that `request`'s user sells (all of them for an admin), as the Sales page does; a
 * seller's cancellation says why.
 */
export async function moveSaleViaApi(
  request: APIRequestContext,
  orderId: string,
  ...move: ['shipped' | 'delivered'] | [status: 'cancelled', reason: string]
): Promise<void> {
  const [status, reason] = move;
  const response = await request.patch(`/api/sales/${orderId}/status`, {
    data: { status, reason },
    headers: { origin: shopOrigin() },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Where Place Order leads: the new order's own page. */
export const ORDER_PAGE_URL = /\/dashboard\/orders\/BZ-\d+$/;

/** The orders `request`'s user may see (newest first) and how many there are in all. */
export async function ordersViaApi(request: APIRequestContext): Promise<{ orders: Order[]; total: number }> {
  const response = await request.get('/api/orders', { params: { limit: 100 } });
  expect(response.ok(), await response.text()).toBe(true);
  return { orders: (await response.json()) as Order[], total: Number(response.headers()['x-total-count']) };
}

/** Adds a product as whoever `request` is signed in as; `fields` override a valid product. */
export async function createProductViaApi(
  request: APIRequestContext,
  fields: Record<string, unknown> = {},
): Promise<Product> {
  const response = await request.post('/api/products', {
    data: { name: `Test product ${Date.now().toString(36)}`, price: 40, discount: 25, ...fields },
    headers: { origin: shopOrigin() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

/**
 * A new seller with one product of their own named `product` ($20 less 10 %, 50 in stock), on a page of their own
 * signed in as them (`options` set its browser context).
 */
export async function signedInSeller(
  browser: Browser,
  name: string,
  product: string,
  options: BrowserContextOptions = {},
) {
  const page = await signedInPage(browser, name, options);
  const listed = await createProductViaApi(page.request, {
    name: `${product} ${Date.now().toString(36)}`,
    price: 20,
    discount: 10,
    stock: 50,
  });
  return { page, product: listed };
}

/** Eight random letters: a word no other product of the shop has, nor one typo away. */
export const uniqueWord = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** The columns of the orders table, as spec §2 names them but "Product Type", named for what it counts. */
export const ORDERS_TABLE_COLUMNS = [
  'Number',
  'Product Names',
  'Items',
  'Price',
  'Payment',
  'Shipping Address',
  'Order Date',
  'Status',
];
