import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@bazaar/shared/errors';
import { OrderSchema, SaleSchema, type Order, type Sale } from '@bazaar/shared/orders';
import { isWalletMethod } from '@bazaar/shared/payments';
import { asBearer, asCookie, signUp, signUpCast, type TestAccount } from '../../test/accounts.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { orderBody, placeOrder } from '../../test/order-fixtures.ts';

const testApp = useTestApp();
let seller: TestAccount;
let stranger: TestAccount;
let admin: TestAccount;
let lampSeller: TestAccount;
let bea: TestAccount;
let ben: TestAccount;
/** Bea: 2 mugs (the seller's) and a lamp (another seller's). */
let mixedOrder: Order;
/** Ben: a lamp only. */
let lampOrder: Order;
/** Ben: 3 phones (the seller's), the newest. */
let phoneOrder: Order;

async function orderOf(buyer: TestAccount, productIds: string[], quantities: number[]): Promise<Order> {
  const response = await placeOrder(testApp.app, buyer, orderBody(productIds, quantities));
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.body}`);
  return OrderSchema.parse(response.json());
}

beforeAll(async () => {
  ({ owner: seller, stranger, admin } = await signUpCast(testApp, 'sales'));
  lampSeller = await signUp(testApp.app, 'lena-lamps@bazaar.test', 'Lena Lamps');
  bea = await signUp(testApp.app, 'bea-buyer@bazaar.test', 'Bea Buyer');
  ben = await signUp(testApp.app, 'ben-buyer@bazaar.test', 'Ben Buyer');
  const [mug, lamp, phone] = await insertProducts(testApp.database.db, [
    productRow({ name: 'Mug', priceCents: 1000, sellerId: seller.id }),
    productRow({ name: 'Lamp', priceCents: 4500, sellerId: lampSeller.id }),
    productRow({ name: 'Phone', priceCents: 1999, discount: 15, sellerId: seller.id }),
  ]);
  mixedOrder = await orderOf(bea, [mug!.id, lamp!.id], [2, 1]);
  lampOrder = await orderOf(ben, [lamp!.id], [1]);
  phoneOrder = await orderOf(ben, [phone!.id], [3]);
});

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers });

async function salesOf(account: TestAccount, query = '') {
  const response = await get(`/api/sales${query}`, asBearer(account));
  expect(response.statusCode).toBe(200);
  return {
    orders: SaleSchema.strict().array().parse(response.json()),
    total: Number(response.headers['x-total-count']),
  };
}

/**
 * An order as its seller sees it: by the buyer's handle and name, without the buyer's e-mails, and whether their part
 * (`dueCents` of it, the whole order's by default) is paid.
 */
function asSale({ email, userEmail, ...order }: Order, buyer: TestAccount, due = order.due): Sale {
  const { method, status } = order.payment;
  return {
    ...order,
    buyer: { handle: buyer.handle, name: buyer.name },
    payment: { method, status, due, shipsOncePaid: isWalletMethod(method) },
    takeBackUntil: null,
    // This shop takes no commission (COMMISSION_PERCENT unset): orders.commission.test.ts covers one that does.
    commission: { percent: 0, amount: 0 },
  };
}

describe('GET /api/sales', () => {
  it("shows a seller each order holding their products, with only their lines and those lines' total", async () => {
    const { orders, total } = await salesOf(seller);
    expect(total).toBe(2);
    expect(orders.map((order) => order._id)).toEqual([phoneOrder._id, mixedOrder._id]);
    const [phones, mugs] = orders;
    // 3 × $19.99 − 15 %
    expect(phones).toEqual(asSale(phoneOrder, ben));
    // Bea's lamp from Lena is not shown, nor counted: 2 × $10.00 and $10.00 of shipping, not the order's $85.00.
    expect(mugs).toEqual({
      ...asSale(mixedOrder, bea, 30),
      products: [mixedOrder.products[0]],
      parts: [mixedOrder.parts[0]],
      subtotal: 20,
      shipping: 10,
      totalPrice: 30,
      due: 30,
    });
    expect(mugs?.products.map((line) => line.name)).toEqual(['Mug']);
    expect(mixedOrder.totalPrice).toBe(85);
  });

  it("shows another seller only their own lines of a shared order, and the seller's other sales not at all", async () => {
    const { orders, total } = await salesOf(lampSeller);
    expect(total).toBe(2);
    expect(
      orders.map((order) => [order._id, order.totalPrice, order.products.map((line) => line.name)]),
    ).toEqual([
      [lampOrder._id, 55, ['Lamp']],
      [mixedOrder._id, 55, ['Lamp']],
    ]);
  });

  it('shows a user who sold nothing no sales, by token or by cookie', async () => {
    for (const headers of [asBearer(stranger), asCookie(stranger)]) {
      const response = await get('/api/sales', headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
      expect(response.headers['x-total-count']).toBe('0');
    }
  });

  it('shows an admin every order with all its lines', async () => {
    const { orders, total } = await salesOf(admin);
    expect(total).toBe(3);
    expect(orders).toEqual([asSale(phoneOrder, ben), asSale(lampOrder, ben), asSale(mixedOrder, bea)]);
  });

  it("narrows to one customer's orders by the customer's handle", async () => {
    const own = await salesOf(seller, `?customer=${bea.handle}`);
    expect(own.total).toBe(1);
    expect(own.orders.map((order) => [order._id, order.totalPrice])).toEqual([[mixedOrder._id, 30]]);
    const all = await salesOf(admin, `?customer=${ben.handle.toUpperCase()}`);
    expect(all.orders.map((order) => order._id)).toEqual([phoneOrder._id, lampOrder._id]);
    expect((await salesOf(seller, '?customer=nobody-at-all')).orders).toEqual([]);
  });

  it('pages newest first, with the total of all of them', async () => {
    const { orders, total } = await salesOf(seller, '?limit=1&offset=1');
    expect(total).toBe(2);
    expect(orders.map((order) => order._id)).toEqual([mixedOrder._id]);
  });

  it('refuses an anonymous caller with 401', async () => {
    const response = await get('/api/sales');
    expect(response.statusCode).toBe(401);
    expect(response.json<ApiError>().error).toBe('UNAUTHORIZED');
  });

  it.each([
    ['a limit over 100', '?limit=101', 'limit'],
    ['a negative offset', '?offset=-1', 'offset'],
    ['a customer that is no handle', '?customer=bea-buyer@bazaar.test', 'customer'],
    ['an unknown parameter', '?seller=lena-lamps@bazaar.test', 'seller'],
  ])('refuses %s with a 400 naming it', async (_case, query, field) => {
    const response = await get(`/api/sales${query}`, asBearer(seller));
    expect(response.statusCode).toBe(400);
    const error = response.json<ApiError>();
    expect(error.error).toBe('VALIDATION_ERROR');
    expect(error.message).toContain(field);
  });
});

describe('order numbers', () => {
  it('gives each order its own number at placement, in the order they were placed', () => {
    const numbers = [mixedOrder, lampOrder, phoneOrder].map((order) => order.number);
    expect(numbers.every((number) => /^BZ-\d+$/.test(number))).toBe(true);
    const digits = numbers.map((number) => Number(number.slice(3)));
    expect(digits).toEqual([...digits].sort((a, b) => a - b));
    expect(new Set(digits).size).toBe(3);
  });

  it('shows the number in the buyer’s orders and the seller’s sales', async () => {
    const listed = await get(`/api/orders/${bea.email}`, asBearer(bea));
    expect(
      OrderSchema.array()
        .parse(listed.json())
        .map((order) => order.number),
    ).toEqual([mixedOrder.number]);
    const { orders } = await salesOf(lampSeller);
    expect(orders.map((order) => order.number)).toEqual([lampOrder.number, mixedOrder.number]);
  });
});

describe('GET /api/orders/by-number/:number', () => {
  const byNumber = (number: string, account?: TestAccount) =>
    get(`/api/orders/by-number/${number}`, account ? asBearer(account) : {});

  it('answers the buyer and an admin the whole order, in any letter case of its number', async () => {
    for (const account of [bea, admin]) {
      const response = await byNumber(mixedOrder.number.toLowerCase(), account);
      expect(response.statusCode, response.body).toBe(200);
      expect(OrderSchema.strict().parse(response.json())).toEqual(mixedOrder);
    }
  });

  it('answers each seller of its lines their part, as their sales show it', async () => {
    const response = await byNumber(mixedOrder.number, lampSeller);
    expect(response.statusCode, response.body).toBe(200);
    expect(SaleSchema.strict().parse(response.json())).toEqual({
      ...asSale(mixedOrder, bea, 55),
      products: [mixedOrder.products[1]],
      parts: [mixedOrder.parts[1]],
      subtotal: 45,
      shipping: 10,
      totalPrice: 55,
      due: 55,
    });
  });

  it('answers anyone else as it answers a number no order has: 404', async () => {
    for (const number of [
      lampOrder.number,
      'BZ-99999999',
      'BZ-0',
      'BZ-1234567890123456',
      'order-1',
      '10001',
    ]) {
      const response = await byNumber(number, number === lampOrder.number ? seller : bea);
      expect(response.statusCode, `${number}: ${response.body}`).toBe(404);
      expect(response.json<ApiError>()).toEqual({ error: 'NOT_FOUND', message: 'Order not found' });
    }
  });

  it('refuses an anonymous caller with 401', async () => {
    expect((await byNumber(mixedOrder.number)).statusCode).toBe(401);
  });
});
