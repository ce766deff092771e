import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { OrderCreatedSchema, OrderSchema, type Order } from '@bazaar/shared/orders';
import type { ApiError } from '@bazaar/shared/errors';
import { products } from '../../db/schema.ts';
import { asBearer, asCookie, signUp, signUpCast, type TestAccount } from '../../test/accounts.ts';
import { FIXTURE_SELLER, insertProducts, productRow } from '../../test/product-fixtures.ts';
import { tableFingerprinter, WRITE_COUNTERS, type Fingerprint } from '../../test/table-fingerprint.ts';
import { useTestApp, TEST_PUBLIC_URL } from '../../test/test-app.ts';
import {
  changeStatus,
  countOrders,
  inStatus,
  NOT_SHIPPED,
  orderBody,
  orderOf,
  placeOrder,
  statusOf,
} from '../../test/order-fixtures.ts';

const testApp = useTestApp();
const fixtureSeller = { handle: FIXTURE_SELLER.handle, name: FIXTURE_SELLER.name };
let owner: TestAccount;
let stranger: TestAccount;
let admin: TestAccount;
let phone: string;
let lamp: string;
let phoneImage: string;
let lampImage: string;

beforeAll(async () => {
  ({ owner, stranger, admin } = await signUpCast(testApp, 'orders'));
  const [phoneRow, lampRow] = await insertProducts(testApp.database.db, [
    productRow({ name: 'Phone', priceCents: 1999, discount: 15 }),
    productRow({ name: 'Lamp', priceCents: 4500, discount: 0 }),
  ]);
  phone = phoneRow!.id;
  lamp = lampRow!.id;
  // Stored site-relative, sent absolute on the shop's address.
  phoneImage = TEST_PUBLIC_URL + phoneRow!.mainImageUrl;
  lampImage = TEST_PUBLIC_URL + lampRow!.mainImageUrl;
});

function get(url: string, account: TestAccount | null) {
  return testApp.app.inject({ method: 'GET', url, headers: account ? asBearer(account) : {} });
}

async function list(url: string, account: TestAccount) {
  const response = await get(url, account);
  expect(response.statusCode).toBe(200);
  return {
    orders: OrderSchema.array().parse(response.json()),
    total: Number(response.headers['x-total-count']),
  };
}

describe('POST /api/orders', () => {
  it('prices the order from the catalog, owned by the session user, processing', async () => {
    const before = Date.now();
    const response = await placeOrder(testApp.app, owner, orderBody([lamp, phone], [2, 3]));
    expect(response.statusCode).toBe(201);
    const order = OrderCreatedSchema.parse(response.json());
    expect(order.insertedId).toBe(order._id);
    expect(order).toMatchObject({
      name: 'Olive Owner',
      email: 'olive@example.com',
      userEmail: owner.email,
      phone: '+44 20 7946 0958',
      address: '1 High Street, London',
      paymentMethod: 'cash on delivery',
      status: 'processing',
      // 2 × $45.00 + 3 × $19.99 × 0.85 = $90.00 + $50.97, and the one seller's $10.00 of shipping.
      subtotal: 140.97,
      shipping: 10,
      totalPrice: 150.97,
      due: 150.97,
      parts: [
        {
          seller: expect.any(Object) as object,
          subtotal: 140.97,
          shipping: 10,
          due: 150.97,
          status: 'processing',
        },
      ],
    });
    // Lines keep the order in which they were sent.
    expect(order.products).toEqual([
      {
        _id: lamp,
        name: 'Lamp',
        price: 45,
        discount: 0,
        mainImage: { url: lampImage, alt: 'Lamp' },
        quantity: 2,
        lineTotal: 90,
        status: 'processing',
        seller: fixtureSeller,
        cancellation: null,
        ...NOT_SHIPPED,
      },
      {
        _id: phone,
        name: 'Phone',
        price: 19.99,
        discount: 15,
        mainImage: { url: phoneImage, alt: 'Phone' },
        quantity: 3,
        lineTotal: 50.97,
        status: 'processing',
        seller: fixtureSeller,
        cancellation: null,
        ...NOT_SHIPPED,
      },
    ]);
    const placed = Date.parse(order.orderTime);
    expect(placed).toBeGreaterThanOrEqual(before - 1000);
    expect(placed).toBeLessThanOrEqual(Date.now() + 1000);
    const { orders } = await list(`/api/orders/${owner.email}`, owner);
    expect(orders.find((listed) => listed._id === order._id)).toEqual(OrderSchema.parse(order));
  });

  it("accepts the spec's body (whole products, client totals, status and owner) and ignores what the server decides", async () => {
    const response = await placeOrder(testApp.app, owner, {
      ...orderBody([]),
      products: [
        { _id: phone, name: 'Phone', price: 0.01, discount: 99, quantity: 2, mainImage: { url: 'x' } },
      ],
      // The total it showed with the seller's shipping, which is the right one: a wrong one is a 409
      // (orders.limits.test.ts).
      totalPrice: 43.98,
      status: 'delivered',
      userEmail: 'someone@else.test',
      orderTime: '2000-01-01T00:00:00.000Z',
      _id: randomUUID(),
    });
    expect(response.statusCode).toBe(201);
    const order = OrderCreatedSchema.parse(response.json());
    expect(order).toMatchObject({ userEmail: owner.email, status: 'processing', totalPrice: 43.98 });
    expect(order.products).toMatchObject([
      { _id: phone, price: 19.99, discount: 15, quantity: 2, lineTotal: 33.98 },
    ]);
    expect(Date.parse(order.orderTime)).toBeGreaterThan(Date.parse('2026-01-01'));
  });

  it('defaults the payment method to cash on delivery', async () => {
    const { paymentMethod: _, ...body } = orderBody([lamp]);
    const response = await placeOrder(testApp.app, owner, body);
    expect(response.statusCode).toBe(201);
    expect(response.json<Order>().paymentMethod).toBe('cash on delivery');
  });

  const line = (quantity: unknown, productId?: string) => ({
    ...orderBody([]),
    products: [{ productId, quantity }],
  });
  it.each([
    ['missing name', () => ({ ...orderBody([phone]), name: undefined }), 'name'],
    ['blank name', () => ({ ...orderBody([phone]), name: '   ' }), 'name'],
    ['bad e-mail', () => ({ ...orderBody([phone]), email: 'olive-at-example' }), 'email'],
    ['bad phone', () => ({ ...orderBody([phone]), phone: 'call me maybe' }), 'phone'],
    ['blank address', () => ({ ...orderBody([phone]), address: ' ' }), 'address'],
    ['unknown payment method', () => ({ ...orderBody([phone]), paymentMethod: 'paypal' }), 'paymentMethod'],
    ['no products', () => orderBody([]), 'products'],
    ['quantity 0', () => line(0, phone), 'products.0.quantity'],
    ['quantity 100', () => line(100, phone), 'products.0.quantity'],
    ['quantity 1.5', () => line(1.5, phone), 'products.0.quantity'],
    ['quantity "2"', () => line('2', phone), 'products.0.quantity'],
    ['a product twice', () => orderBody([phone, phone.toUpperCase()]), 'products'],
    [
      'a malformed product id',
      () => ({ ...orderBody([]), products: [{ _id: 'phone-1', quantity: 1 }] }),
      'products.0._id',
    ],
    ['a line without a product id', () => line(1), 'products.0'],
    ['an unknown field', () => ({ ...orderBody([phone]), coupon: 'FREE' }), 'coupon'],
  ])('rejects %s with a 400 naming the field, storing nothing', async (_case, body, field) => {
    const before = await countOrders(testApp.database.db);
    const response = await placeOrder(testApp.app, owner, body());
    expect(response.statusCode).toBe(400);
    const error = response.json<ApiError>();
    expect(error.error).toBe('VALIDATION_ERROR');
    expect(error.message).toContain(field);
    expect(await countOrders(testApp.database.db)).toBe(before);
  });

  it('rejects unknown products with a 400 listing their ids, storing nothing', async () => {
    const missing = [randomUUID(), randomUUID()];
    const before = await countOrders(testApp.database.db);
    const response = await placeOrder(testApp.app, owner, orderBody([missing[0]!, phone, missing[1]!]));
    expect(response.statusCode).toBe(400);
    const error = response.json<ApiError>();
    expect(error.error).toBe('VALIDATION_ERROR');
    expect(error.message).toContain(missing[0]);
    expect(error.message).toContain(missing[1]);
    expect(error.details).toEqual([
      { path: 'products.0', message: `No product with id ${missing[0]}` },
      { path: 'products.2', message: `No product with id ${missing[1]}` },
    ]);
    expect(await countOrders(testApp.database.db)).toBe(before);
  });

  it('rejects a deleted product', async () => {
    const [gone] = await insertProducts(testApp.database.db, [productRow({ name: 'Soon gone' })]);
    await testApp.database.db.delete(products).where(eq(products.id, gone!.id));
    const response = await placeOrder(testApp.app, owner, orderBody([gone!.id]));
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toContain(gone!.id);
  });

  it('prices the largest order there can be exactly: 50 lines of 99 at $1,000,000', async () => {
    const dear = await insertProducts(
      testApp.database.db,
      Array.from({ length: 50 }, (_, i) => productRow({ name: `Yacht ${i}`, priceCents: 100_000_000 })),
    );
    const response = await placeOrder(
      testApp.app,
      owner,
      orderBody(
        dear.map((row) => row.id),
        dear.map(() => 99),
      ),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json<Order>()).toMatchObject({ subtotal: 4_950_000_000, totalPrice: 4_950_000_010 });
  });

  it('refuses with a 400 an Idempotency-Key longer than 200 characters', async () => {
    const response = await placeOrder(testApp.app, owner, orderBody([phone]), 'k'.repeat(201));
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toContain('idempotency-key');
  });
});

describe('who may do what', () => {
  let ownersOrder: Order;
  let strangersOrder: Order;

  beforeAll(async () => {
    ownersOrder = await orderOf(testApp.app, owner, [phone]);
    strangersOrder = await orderOf(testApp.app, stranger, [lamp]);
  });

  describe('POST /api/orders', () => {
    it('refuses anonymous callers with a 401, storing nothing', async () => {
      const before = await countOrders(testApp.database.db);
      const response = await placeOrder(testApp.app, null, orderBody([phone]));
      expect(response.statusCode).toBe(401);
      expect(response.json<ApiError>().error).toBe('UNAUTHORIZED');
      expect(await countOrders(testApp.database.db)).toBe(before);
    });

    it('refuses a cookie-borne order from another site with a 403, storing nothing', async () => {
      const before = await countOrders(testApp.database.db);
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...asCookie(owner), origin: 'https://evil.example' },
        payload: orderBody([phone]),
      });
      expect(response.statusCode).toBe(403);
      expect(await countOrders(testApp.database.db)).toBe(before);
    });

    it.each(['owner', 'stranger', 'admin'] as const)('lets the %s order, for themselves', async (who) => {
      const account = { owner, stranger, admin }[who];
      const before = await countOrders(testApp.database.db, account.email);
      const response = await placeOrder(testApp.app, account, orderBody([lamp]));
      expect(response.statusCode).toBe(201);
      expect(response.json<Order>().userEmail).toBe(account.email);
      expect(await countOrders(testApp.database.db, account.email)).toBe(before + 1);
    });

    it('takes a signed-in session cookie from the shop itself', async () => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: asCookie(owner),
        payload: orderBody([lamp]),
      });
      expect(response.statusCode).toBe(201);
    });
  });

  describe('GET /api/orders/:email', () => {
    it('refuses anonymous callers with a 401', async () => {
      expect((await get(`/api/orders/${owner.email}`, null)).statusCode).toBe(401);
    });

    it('answers the buyer their own orders, whatever the letter case of the e-mail', async () => {
      for (const email of [owner.email, owner.email.toUpperCase()]) {
        const { orders, total } = await list(`/api/orders/${encodeURIComponent(email)}?limit=100`, owner);
        expect(orders.map((order) => order._id)).toContain(ownersOrder._id);
        expect(orders.every((order) => order.userEmail === owner.email)).toBe(true);
        expect(total).toBe(await countOrders(testApp.database.db, owner.email));
      }
    });

    it("refuses another user's orders with a 403", async () => {
      const response = await get(`/api/orders/${owner.email}`, stranger);
      expect(response.statusCode).toBe(403);
      expect(response.json<ApiError>().error).toBe('FORBIDDEN');
    });

    it("answers an admin anyone's orders", async () => {
      const { orders } = await list(`/api/orders/${owner.email}?limit=100`, admin);
      expect(orders.map((order) => order._id)).toContain(ownersOrder._id);
      expect(orders.every((order) => order.userEmail === owner.email)).toBe(true);
    });

    it('rejects a malformed e-mail with a 400', async () => {
      expect((await get('/api/orders/not-an-email', owner)).statusCode).toBe(400);
    });
  });

  describe('GET /api/orders', () => {
    it('refuses anonymous callers with a 401', async () => {
      expect((await get('/api/orders', null)).statusCode).toBe(401);
    });

    it.each(['owner', 'stranger'] as const)('answers the %s only their own orders', async (who) => {
      const account = { owner, stranger }[who];
      const { orders, total } = await list('/api/orders?limit=100', account);
      expect(orders.length).toBeGreaterThan(0);
      expect(orders.every((order) => order.userEmail === account.email)).toBe(true);
      expect(total).toBe(await countOrders(testApp.database.db, account.email));
    });

    it('answers an admin every order', async () => {
      const { orders, total } = await list('/api/orders?limit=100', admin);
      expect(total).toBe(await countOrders(testApp.database.db));
      expect(orders.map((order) => order._id)).toEqual(
        expect.arrayContaining([ownersOrder._id, strangersOrder._id]),
      );
    });
  });

  describe('PATCH /api/orders/:id/status', () => {
    it('refuses anonymous callers with a 401, changing nothing', async () => {
      expect((await changeStatus(testApp.app, null, ownersOrder._id, 'cancelled')).statusCode).toBe(401);
      expect(await statusOf(testApp.database.db, ownersOrder._id)).toBe('processing');
    });

    it('refuses a user who is neither the buyer nor an admin with a 403, changing nothing', async () => {
      for (const status of ['cancelled', 'shipped']) {
        const response = await changeStatus(testApp.app, stranger, ownersOrder._id, status);
        expect(response.statusCode).toBe(403);
        expect(response.json<ApiError>().error).toBe('FORBIDDEN');
      }
      expect(await statusOf(testApp.database.db, ownersOrder._id)).toBe('processing');
    });

    it('lets the buyer cancel, and an admin ship', async () => {
      const cancelled = await changeStatus(testApp.app, stranger, strangersOrder._id, 'cancelled');
      expect(cancelled.statusCode).toBe(200);
      expect(OrderSchema.parse(cancelled.json())).toEqual(inStatus(strangersOrder, 'cancelled', 'buyer'));
      const shipped = await changeStatus(testApp.app, admin, ownersOrder._id, 'shipped');
      expect(shipped.statusCode).toBe(200);
      expect(OrderSchema.parse(shipped.json())).toEqual(inStatus(ownersOrder, 'shipped', 'admin'));
      expect(await statusOf(testApp.database.db, ownersOrder._id)).toBe('shipped');
    });
  });
});

describe("buying one's own product", () => {
  let seller: TestAccount;
  let mug: string;
  let vase: string;
  let fingerprint: () => Promise<Fingerprint>;

  beforeAll(async () => {
    seller = await signUp(testApp.app, 'orders-seller@bazaar.test', 'Sela Seller');
    const [mugRow, vaseRow] = await insertProducts(testApp.database.db, [
      productRow({ name: 'Sela Mug', sellerId: seller.id, stock: 5 }),
      productRow({ name: 'Sela Vase', sellerId: seller.id }),
    ]);
    mug = mugRow!.id;
    vase = vaseRow!.id;
    fingerprint = await tableFingerprinter(testApp.database.db, { except: WRITE_COUNTERS });
  });

  const stockOfMug = async () => (await get(`/api/products/${mug}`, null)).json<{ stock: number }>().stock;

  it('refuses its seller with a 409 naming the line, writing nothing, whoever the body says is buying', async () => {
    const before = await fingerprint();
    const response = await placeOrder(testApp.app, seller, {
      ...orderBody([lamp, mug]),
      userEmail: stranger.email,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>()).toEqual({
      error: 'OWN_PRODUCT',
      message: 'You cannot buy your own product: Sela Mug',
      details: [{ path: 'products.1', message: 'You cannot buy your own product: Sela Mug' }],
    });
    expect(await fingerprint()).toEqual(before);
    expect(await stockOfMug()).toBe(5);
  });

  it('names every line of its own products', async () => {
    const response = await placeOrder(testApp.app, seller, orderBody([vase, lamp, mug]));
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>()).toEqual({
      error: 'OWN_PRODUCT',
      message: 'You cannot buy your own products: Sela Vase, Sela Mug',
      details: [
        { path: 'products.0', message: 'You cannot buy your own product: Sela Vase' },
        { path: 'products.2', message: 'You cannot buy your own product: Sela Mug' },
      ],
    });
  });

  it.each([
    ['another buyer', 'stranger'],
    ['an admin', 'admin'],
  ] as const)('sells it to %s, who is not its seller', async (_who, role) => {
    const account = { stranger, admin }[role];
    const response = await placeOrder(testApp.app, account, orderBody([mug]));
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<Order>();
    expect(order.userEmail).toBe(account.email);
    expect(order.products).toMatchObject([
      { _id: mug, seller: { handle: seller.handle, name: 'Sela Seller' } },
    ]);
  });

  it("refuses an admin's order of their own product too", async () => {
    const [own] = await insertProducts(testApp.database.db, [
      productRow({ name: 'Ada Lamp', sellerId: admin.id }),
    ]);
    const response = await placeOrder(testApp.app, admin, orderBody([own!.id]));
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>().error).toBe('OWN_PRODUCT');
  });
});

describe('listing', () => {
  let buyer: TestAccount;
  let placed: Order[];

  beforeAll(async () => {
    // A buyer of their own, so that the counts below are exact.
    buyer = await signUp(testApp.app, 'lister@bazaar.test');
    placed = [];
    for (let i = 0; i < 5; i++)
      placed.push(await orderOf(testApp.app, buyer, i % 2 ? [phone, lamp] : [lamp]));
  });

  it('answers newest first, paged with limit and offset, with the total in X-Total-Count', async () => {
    const newestFirst = placed.map((order) => order._id).reverse();
    const pages = await Promise.all(
      [0, 2, 4].map((offset) => list(`/api/orders/${buyer.email}?limit=2&offset=${offset}`, buyer)),
    );
    expect(pages.map((page) => page.total)).toEqual([5, 5, 5]);
    expect(pages.flatMap((page) => page.orders.map((order) => order._id))).toEqual(newestFirst);
    expect((await list('/api/orders?limit=2&offset=2', buyer)).orders.map((order) => order._id)).toEqual(
      newestFirst.slice(2, 4),
    );
    // Each order comes with its own lines.
    expect(pages[0]!.orders.map((order) => order.products.length)).toEqual([1, 2]);
  });

  it.each(['limit=0', 'limit=101', 'offset=-1', 'page=2'])('rejects %s with a 400', async (query) => {
    const response = await get(`/api/orders?${query}`, buyer);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().error).toBe('VALIDATION_ERROR');
  });

  it('keeps the snapshot of a product deleted after the order, with a null id', async () => {
    const [mug] = await insertProducts(testApp.database.db, [
      productRow({ name: 'Mug', priceCents: 1250, discount: 10 }),
    ]);
    const order = await orderOf(testApp.app, buyer, [mug!.id, lamp]);
    await testApp.database.db.delete(products).where(eq(products.id, mug!.id));
    const { orders } = await list(`/api/orders/${buyer.email}?limit=1`, buyer);
    expect(orders[0]).toEqual({
      ...order,
      products: [{ ...order.products[0], _id: null }, order.products[1]],
    });
    expect(orders[0]?.products[0]).toMatchObject({
      name: 'Mug',
      price: 12.5,
      discount: 10,
      lineTotal: 11.25,
    });
  });
});

describe('OpenAPI', () => {
  it('documents every order route with its tag, summary and error answers', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<string, { tags: string[]; summary: string; responses: Record<string, unknown> }>
      >;
    }>();
    const routes = [
      ['/api/orders', 'post', ['201', '200', '400', '401', '409']],
      ['/api/orders', 'get', ['200', '400', '401']],
      ['/api/orders/{email}', 'get', ['200', '400', '401', '403']],
      ['/api/orders/{id}/status', 'patch', ['200', '400', '401', '403', '404', '409']],
    ] as const;
    for (const [path, method, statuses] of routes) {
      const operation = document.paths[path]?.[method];
      expect(operation?.tags).toEqual(['orders']);
      expect(operation?.summary).toBeTruthy();
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining([...statuses]));
    }
  });
});
