import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ApiError } from '@bazaar/shared/errors';
import {
  ORDER_STATUSES,
  OrderSchema,
  SaleSchema,
  type Order,
  type OrderStatus,
  type Sale,
} from '@bazaar/shared/orders';
import type { Product } from '@bazaar/shared/products';
import { orderLines, orders } from '../../db/schema.ts';
import { asBearer, asCookie, signUp, signUpAdmin, type TestAccount } from '../../test/accounts.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { changeStatus, orderBody, placeOrder, saleMoveBody, statusOf } from '../../test/order-fixtures.ts';

const testApp = useTestApp();
let bea: TestAccount;
/** Sells mugs. */
let mia: TestAccount;
/** Sells lamps. */
let leo: TestAccount;
/** Sells pens, never in the orders below. */
let otto: TestAccount;
let admin: TestAccount;
let mug: string;
let lamp: string;

const STOCK = 1000;

beforeAll(async () => {
  bea = await signUp(testApp.app, 'bea-fulfil@bazaar.test', 'Bea Buyer');
  mia = await signUp(testApp.app, 'mia-mugs@bazaar.test', 'Mia Mugs');
  leo = await signUp(testApp.app, 'leo-lamps@bazaar.test', 'Leo Lamps');
  otto = await signUp(testApp.app, 'otto-pens@bazaar.test', 'Otto Pens');
  admin = await signUpAdmin(testApp);
  const [mugRow, lampRow, penRow] = await insertProducts(testApp.database.db, [
    productRow({ name: 'Mug', priceCents: 1000, sellerId: mia.id, stock: STOCK }),
    productRow({ name: 'Lamp', priceCents: 4500, sellerId: leo.id, stock: STOCK }),
    productRow({ name: 'Pen', priceCents: 200, sellerId: otto.id }),
  ]);
  mug = mugRow!.id;
  lamp = lampRow!.id;
  // Otto is a seller too, of another order.
  await newOrder([penRow!.id]);
});

/** A fresh order of Bea: 2 of Mia's mugs and 1 of Leo's lamps unless told otherwise. */
async function newOrder(productIds = [mug, lamp], quantities = [2, 1]): Promise<Order> {
  const response = await placeOrder(testApp.app, bea, orderBody(productIds, quantities));
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.body}`);
  return OrderSchema.parse(response.json());
}

function moveSale(account: TestAccount | null, orderId: string, status: string) {
  return testApp.app.inject({
    method: 'PATCH',
    url: `/api/sales/${orderId}/status`,
    headers: account ? asBearer(account) : {},
    payload: saleMoveBody(status),
  });
}

/** Moves a seller's part, which must succeed; answers the sale the seller sees. */
async function ship(account: TestAccount, orderId: string, status: OrderStatus = 'shipped'): Promise<Sale> {
  const response = await moveSale(account, orderId, status);
  expect(response.statusCode, response.body).toBe(200);
  return SaleSchema.strict().parse(response.json());
}

/** Each line's status, by product name, as stored. */
async function lineStatuses(orderId: string): Promise<Record<string, OrderStatus>> {
  const rows = await testApp.database.db
    .select({ name: orderLines.name, status: orderLines.status })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return Object.fromEntries(rows.map((row) => [row.name, row.status]));
}

/** Puts one seller's lines of an order straight into `status` (the order's own status is left as it was). */
async function putPartIn(orderId: string, seller: TestAccount, status: OrderStatus) {
  await testApp.database.db
    .update(orderLines)
    .set({ status })
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.sellerEmail, seller.email)));
}

/** The order as its buyer sees it on their orders list. */
async function asBuyerSees(orderId: string): Promise<Order> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/orders?limit=100',
    headers: asBearer(bea),
  });
  const order = OrderSchema.array()
    .parse(response.json())
    .find((listed) => listed._id === orderId);
  if (!order) throw new Error(`order ${orderId} not listed`);
  return order;
}

async function stockOf(id: string) {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/products/${id}` });
  return response.json<Product>().stock;
}

const publicOf = (account: TestAccount) => ({ handle: account.handle, name: account.name });

describe('PATCH /api/sales/:orderId/status: who may move a part', () => {
  it('refuses an anonymous caller (401), the buyer and another seller (403), and changes nothing', async () => {
    const order = await newOrder();
    const refusals: [TestAccount | null, number, string, string][] = [
      [null, 401, 'UNAUTHORIZED', ''],
      [bea, 403, 'FORBIDDEN', 'You have nothing to ship in this order.'],
      [otto, 403, 'FORBIDDEN', 'You have nothing to ship in this order.'],
    ];
    for (const [caller, code, error, message] of refusals) {
      for (const status of ORDER_STATUSES) {
        const response = await moveSale(caller, order._id, status);
        expect(response.statusCode).toBe(code);
        expect(response.json<ApiError>().error).toBe(error);
        if (code === 403) expect(response.json<ApiError>().message).toBe(message);
      }
    }
    expect(await lineStatuses(order._id)).toEqual({ Mug: 'processing', Lamp: 'processing' });
  });

  it('lets the seller ship their own lines only, and answers their part as their sales list shows it', async () => {
    const order = await newOrder();
    const sale = await ship(mia, order._id);
    const { email, userEmail, ...shown } = order;
    const shippedAt = sale.products[0]?.shippedAt ?? null;
    expect(shippedAt).not.toBeNull();
    expect(sale).toEqual({
      ...shown,
      buyer: publicOf(bea),
      products: [{ ...order.products[0]!, status: 'shipped', shippedAt }],
      parts: [{ ...order.parts[0]!, status: 'shipped' }],
      // Mia's part only: her mug and her shipping.
      subtotal: 20,
      shipping: 10,
      totalPrice: 30,
      due: 30,
      status: 'shipped',
      payment: { method: 'cash on delivery', status: 'unpaid', due: 30, shipsOncePaid: false },
      // The test app mails a shipment at once: there is no grace to take it back in.
      takeBackUntil: null,
      // Nor does it take a commission (COMMISSION_PERCENT unset).
      commission: { percent: 0, amount: 0 },
    });
    expect(await lineStatuses(order._id)).toEqual({ Mug: 'shipped', Lamp: 'processing' });
    expect(await statusOf(testApp.database.db, order._id)).toBe('processing');
  });

  it('lets the seller move their part by cookie too', async () => {
    const order = await newOrder();
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/sales/${order._id}/status`,
      headers: asCookie(leo),
      payload: { status: 'shipped' },
    });
    expect(response.statusCode).toBe(200);
    expect(await lineStatuses(order._id)).toEqual({ Mug: 'processing', Lamp: 'shipped' });
  });

  it('lets an admin move every line of the order, and answers the order whole', async () => {
    const order = await newOrder();
    const sale = await ship(admin, order._id);
    expect(sale.products.map((line) => [line.name, line.status])).toEqual([
      ['Mug', 'shipped'],
      ['Lamp', 'shipped'],
    ]);
    expect(sale.status).toBe('shipped');
    expect(sale.totalPrice).toBe(85);
    expect(await statusOf(testApp.database.db, order._id)).toBe('shipped');
  });

  it.each([
    ['an unknown id', randomUUID()],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s, to a seller as to an admin', async (_case, id) => {
    for (const caller of [mia, admin]) {
      const response = await moveSale(caller, id, 'shipped');
      expect(response.statusCode).toBe(404);
      expect(response.json<ApiError>()).toEqual({ error: 'NOT_FOUND', message: 'Order not found' });
    }
  });

  it('refuses an unknown status, a missing one or an extra field with a 400 naming it', async () => {
    const order = await newOrder();
    for (const [payload, field] of [
      [{ status: 'lost' }, 'status'],
      [{}, 'status'],
      [{ status: 'shipped', note: 'hi' }, 'note'],
    ] as const) {
      const response = await testApp.app.inject({
        method: 'PATCH',
        url: `/api/sales/${order._id}/status`,
        headers: asBearer(mia),
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().message).toContain(field);
    }
    expect(await lineStatuses(order._id)).toEqual({ Mug: 'processing', Lamp: 'processing' });
  });
});

const SELLER_MOVES = ['processing → shipped', 'processing → cancelled', 'shipped → delivered'];
const sellerCases = ORDER_STATUSES.flatMap((from) =>
  ORDER_STATUSES.map((to) => ({ from, to, allowed: SELLER_MOVES.includes(`${from} → ${to}`) })),
);

describe('PATCH /api/sales/:orderId/status: the moves of a seller', () => {
  it.each(sellerCases.filter((c) => c.allowed))(
    'moves their part from $from to $to, leaving the other seller’s',
    async ({ from, to }) => {
      const order = await newOrder();
      await putPartIn(order._id, mia, from);
      const sale = await ship(mia, order._id, to);
      expect(sale.status).toBe(to);
      expect(sale.products.map((line) => line.status)).toEqual([to]);
      expect(await lineStatuses(order._id)).toEqual({ Mug: to, Lamp: 'processing' });
    },
  );

  it.each(sellerCases.filter((c) => !c.allowed))(
    'refuses with a 409 moving their part from $from to $to',
    async ({ from, to }) => {
      const order = await newOrder();
      await putPartIn(order._id, mia, from);
      const response = await moveSale(mia, order._id, to);
      expect(response.statusCode).toBe(409);
      expect(response.json<ApiError>()).toEqual({
        error: 'CONFLICT',
        message: `Your part of this order is ${from}; it cannot become ${to}.`,
      });
      expect(await lineStatuses(order._id)).toEqual({ Mug: from, Lamp: 'processing' });
    },
  );

  it('moves the lines of their part that can make the move and leaves their cancelled ones', async () => {
    const order = await newOrder([mug, lamp, (await insertMiaCup()).id], [1, 1, 1]);
    await testApp.database.db
      .update(orderLines)
      .set({ status: 'cancelled' })
      .where(and(eq(orderLines.orderId, order._id), eq(orderLines.name, 'Cup')));
    const sale = await ship(mia, order._id);
    expect(sale.products.map((line) => [line.name, line.status])).toEqual([
      ['Mug', 'shipped'],
      ['Cup', 'cancelled'],
    ]);
    expect(sale.status).toBe('shipped');
  });

  it('refuses an admin with a 409 when no line of the order can make the move', async () => {
    const order = await newOrder();
    await ship(admin, order._id, 'cancelled');
    const response = await moveSale(admin, order._id, 'shipped');
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>()).toEqual({
      error: 'CONFLICT',
      message: 'An order that is cancelled cannot become shipped.',
    });
  });
});

async function insertMiaCup() {
  const [cup] = await insertProducts(testApp.database.db, [
    productRow({ name: 'Cup', priceCents: 500, sellerId: mia.id }),
  ]);
  return cup!;
}

describe("an order's status, derived from its lines", () => {
  it('stays processing until every seller shipped, then shipped, then delivered once all are', async () => {
    const order = await newOrder();
    await ship(mia, order._id);
    const half = await asBuyerSees(order._id);
    expect(half.status).toBe('processing');
    expect(half.products.map((line) => [line.name, line.status, line.seller])).toEqual([
      ['Mug', 'shipped', publicOf(mia)],
      ['Lamp', 'processing', publicOf(leo)],
    ]);
    await ship(leo, order._id);
    expect((await asBuyerSees(order._id)).status).toBe('shipped');
    await ship(mia, order._id, 'delivered');
    expect((await asBuyerSees(order._id)).status).toBe('shipped');
    await ship(leo, order._id, 'delivered');
    const delivered = await asBuyerSees(order._id);
    expect(delivered.status).toBe('delivered');
    expect(delivered.products.map((line) => line.status)).toEqual(['delivered', 'delivered']);
  });

  it('leaves a cancelled part aside: one part cancelled and the other delivered is delivered', async () => {
    const order = await newOrder();
    await ship(mia, order._id, 'cancelled');
    expect(await statusOf(testApp.database.db, order._id)).toBe('processing');
    await ship(leo, order._id);
    expect(await statusOf(testApp.database.db, order._id)).toBe('shipped');
    await ship(leo, order._id, 'delivered');
    expect((await asBuyerSees(order._id)).status).toBe('delivered');
  });

  it('is cancelled when every part is', async () => {
    const order = await newOrder();
    await ship(mia, order._id, 'cancelled');
    await ship(leo, order._id, 'cancelled');
    const cancelled = await asBuyerSees(order._id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.products.map((line) => line.status)).toEqual(['cancelled', 'cancelled']);
  });

  it("shows each seller the status of their own part, and an admin the order's", async () => {
    const order = await newOrder();
    await ship(mia, order._id);
    const statusIn = async (account: TestAccount) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/sales?limit=100',
        headers: asBearer(account),
      });
      return SaleSchema.array()
        .parse(response.json())
        .find((sale) => sale._id === order._id)?.status;
    };
    expect(await statusIn(mia)).toBe('shipped');
    expect(await statusIn(leo)).toBe('processing');
    expect(await statusIn(admin)).toBe('processing');
  });

  it("names each line's seller by handle and name, never by e-mail", async () => {
    const order = await newOrder();
    expect(order.products.map((line) => line.seller)).toEqual([publicOf(mia), publicOf(leo)]);
    const listed = await testApp.app.inject({ method: 'GET', url: '/api/orders', headers: asBearer(bea) });
    expect(listed.body).not.toContain(mia.email);
    expect(listed.body).not.toContain(leo.email);
  });
});

describe('GET /api/sales?status=', () => {
  it("lists the orders holding a line of the caller's in that status", async () => {
    const shippedByMia = await newOrder();
    const shippedByLeo = await newOrder();
    await ship(mia, shippedByMia._id);
    await ship(leo, shippedByLeo._id);
    const idsOf = async (account: TestAccount, status: OrderStatus) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/sales?status=${status}&limit=100`,
        headers: asBearer(account),
      });
      expect(response.statusCode).toBe(200);
      const sales = SaleSchema.array().parse(response.json());
      expect(Number(response.headers['x-total-count'])).toBe(sales.length);
      return sales.map((sale) => sale._id);
    };
    const miasShipped = await idsOf(mia, 'shipped');
    expect(miasShipped).toContain(shippedByMia._id);
    expect(miasShipped).not.toContain(shippedByLeo._id);
    const miasProcessing = await idsOf(mia, 'processing');
    expect(miasProcessing).toContain(shippedByLeo._id);
    expect(miasProcessing).not.toContain(shippedByMia._id);
    // An admin's filter reaches any line.
    const adminsShipped = await idsOf(admin, 'shipped');
    expect(adminsShipped).toEqual(expect.arrayContaining([shippedByMia._id, shippedByLeo._id]));
    expect(await idsOf(otto, 'shipped')).toEqual([]);
  });

  it('refuses a status that is none with a 400 naming it', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/sales?status=lost',
      headers: asBearer(mia),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toContain('status');
  });
});

describe('PATCH /api/orders/:id/status on an order of two sellers', () => {
  it('lets the buyer cancel what has not shipped yet, putting back only those units', async () => {
    const order = await newOrder();
    const [mugsBefore, lampsBefore] = [await stockOf(mug), await stockOf(lamp)];
    await ship(mia, order._id);
    const response = await changeStatus(testApp.app, bea, order._id, 'cancelled');
    expect(response.statusCode).toBe(200);
    const answered = OrderSchema.parse(response.json());
    expect(answered.products.map((line) => line.status)).toEqual(['shipped', 'cancelled']);
    expect(answered.status).toBe('shipped');
    expect(await stockOf(mug)).toBe(mugsBefore);
    expect(await stockOf(lamp)).toBe(lampsBefore! + 1);

    const again = await changeStatus(testApp.app, bea, order._id, 'cancelled');
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().message).toBe('An order that is shipped cannot become cancelled.');
    expect(await stockOf(lamp)).toBe(lampsBefore! + 1);
  });

  it('lets an admin move every line that can make the move', async () => {
    const order = await newOrder();
    await ship(mia, order._id);
    const delivered = await changeStatus(testApp.app, admin, order._id, 'delivered');
    expect(delivered.statusCode).toBe(200);
    expect(await lineStatuses(order._id)).toEqual({ Mug: 'delivered', Lamp: 'processing' });
    expect(OrderSchema.parse(delivered.json()).status).toBe('processing');
    expect((await changeStatus(testApp.app, admin, order._id, 'shipped')).statusCode).toBe(200);
    expect(await lineStatuses(order._id)).toEqual({ Mug: 'delivered', Lamp: 'shipped' });
    expect(await statusOf(testApp.database.db, order._id)).toBe('shipped');
  });
});

describe('a cancelled line', () => {
  it('puts its units back once, whoever cancels it and however often they try', async () => {
    const order = await newOrder([mug, lamp], [3, 2]);
    const [mugs, lamps] = [await stockOf(mug), await stockOf(lamp)];
    await ship(mia, order._id, 'cancelled');
    expect(await stockOf(mug)).toBe(mugs! + 3);
    expect((await moveSale(mia, order._id, 'cancelled')).statusCode).toBe(409);
    expect((await changeStatus(testApp.app, bea, order._id, 'cancelled')).statusCode).toBe(200);
    expect((await changeStatus(testApp.app, admin, order._id, 'cancelled')).statusCode).toBe(409);
    expect(await stockOf(mug)).toBe(mugs! + 3);
    expect(await stockOf(lamp)).toBe(lamps! + 2);
  });
});

describe('simultaneous moves', () => {
  const ORDERS = 8;
  const TRIES = 3;

  it('end with the order shipped when both sellers ship their parts at once, each part moved once', async () => {
    const placed = await Promise.all(Array.from({ length: ORDERS }, () => newOrder()));
    const attempts = placed.flatMap((order) =>
      [mia, leo].flatMap((seller) => Array.from({ length: TRIES }, () => ({ order, seller }))),
    );
    const answers = await Promise.all(
      attempts.map(async ({ order, seller }) => ({
        key: `${order._id} ${seller.email}`,
        code: (await moveSale(seller, order._id, 'shipped')).statusCode,
      })),
    );
    for (const order of placed) {
      for (const seller of [mia, leo]) {
        const codes = answers.filter((answer) => answer.key === `${order._id} ${seller.email}`);
        expect(codes.map((answer) => answer.code).sort()).toEqual([200, 409, 409]);
      }
      expect(await lineStatuses(order._id)).toEqual({ Mug: 'shipped', Lamp: 'shipped' });
      expect(await statusOf(testApp.database.db, order._id)).toBe('shipped');
    }
  });

  it("lets exactly one of a buyer's cancel and a seller's ship or cancel win each line, and restocks once", async () => {
    const [mugs, lamps] = [await stockOf(mug), await stockOf(lamp)];
    const placed = await Promise.all(Array.from({ length: ORDERS }, () => newOrder([mug, lamp], [1, 1])));
    await Promise.all(
      placed.flatMap((order, index) => [
        changeStatus(testApp.app, bea, order._id, 'cancelled'),
        moveSale(mia, order._id, index % 2 === 0 ? 'shipped' : 'cancelled'),
        moveSale(leo, order._id, 'shipped'),
        moveSale(mia, order._id, 'cancelled'),
      ]),
    );
    let mugsKept = 0;
    let lampsKept = 0;
    for (const order of placed) {
      const lines = await lineStatuses(order._id);
      expect(['shipped', 'cancelled']).toContain(lines.Mug);
      expect(['shipped', 'cancelled']).toContain(lines.Lamp);
      if (lines.Mug !== 'cancelled') mugsKept += 1;
      if (lines.Lamp !== 'cancelled') lampsKept += 1;
      const [stored] = await testApp.database.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, order._id));
      const expected = lines.Mug === 'cancelled' && lines.Lamp === 'cancelled' ? 'cancelled' : 'shipped';
      expect(stored?.status).toBe(expected);
    }
    // Each order took one of each; a cancelled line put its one back, once.
    expect(await stockOf(mug)).toBe(mugs! - mugsKept);
    expect(await stockOf(lamp)).toBe(lamps! - lampsKept);
  });

  it('cancel orders while their products are deleted, without a deadlock: every call answers 200', async () => {
    const kettles = await insertProducts(
      testApp.database.db,
      Array.from({ length: 40 }, (_, index) =>
        productRow({ name: `Kettle ${index}`, sellerId: mia.id, stock: 5 }),
      ),
    );
    const placed = await Promise.all(kettles.map((kettle) => newOrder([kettle.id, lamp], [1, 1])));
    const answers = await Promise.all(
      placed.flatMap((order, index) => [
        changeStatus(testApp.app, bea, order._id, 'cancelled'),
        testApp.app.inject({
          method: 'DELETE',
          url: `/api/products/${kettles[index]!.id}`,
          headers: asBearer(mia),
        }),
      ]),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    for (const order of placed) expect(await statusOf(testApp.database.db, order._id)).toBe('cancelled');
  });
});

describe('a cancellation: who made it, why, and what is due', () => {
  it("refuses a seller's cancellation that does not say why, and changes nothing", async () => {
    const order = await newOrder();
    for (const payload of [{ status: 'cancelled' }, { status: 'cancelled', reason: '   ' }]) {
      const response = await testApp.app.inject({
        method: 'PATCH',
        url: `/api/sales/${order._id}/status`,
        headers: asBearer(mia),
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<ApiError>().details?.[0]?.path).toBe('reason');
    }
    expect(await lineStatuses(order._id)).toEqual({ Mug: 'processing', Lamp: 'processing' });
  });

  it('refuses a reason with any other move', async () => {
    const order = await newOrder();
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/sales/${order._id}/status`,
      headers: asBearer(mia),
      payload: { status: 'shipped', reason: 'Fast' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(await lineStatuses(order._id)).toEqual({ Mug: 'processing', Lamp: 'processing' });
  });

  it('shows the buyer who cancelled each line and why, and leaves the cancelled lines out of what is due', async () => {
    const order = await newOrder();
    // $20 and $45 of goods, and each seller's $10 of shipping.
    expect(order.due).toBe(85);
    await ship(mia, order._id, 'cancelled');
    const afterSeller = await asBuyerSees(order._id);
    expect(afterSeller.totalPrice).toBe(85);
    // Mia's part is cancelled whole: neither her mug nor her shipping is due.
    expect(afterSeller.due).toBe(55);
    expect(afterSeller.products.map((line) => line.cancellation)).toEqual([
      { by: 'seller', reason: 'The glaze cracked in the kiln' },
      null,
    ]);

    // An admin may cancel without a reason; the buyer cancels their own order without one.
    const byAdmin = await changeStatus(testApp.app, admin, order._id, 'cancelled');
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const afterAdmin = await asBuyerSees(order._id);
    expect(afterAdmin.due).toBe(0);
    expect(afterAdmin.products.map((line) => line.cancellation)).toEqual([
      { by: 'seller', reason: 'The glaze cracked in the kiln' },
      { by: 'admin', reason: null },
    ]);
    const own = await newOrder();
    expect((await changeStatus(testApp.app, bea, own._id, 'cancelled')).statusCode).toBe(200);
    expect((await asBuyerSees(own._id)).products.map((line) => line.cancellation)).toEqual([
      { by: 'buyer', reason: null },
      { by: 'buyer', reason: null },
    ]);
  });

  it('shows a seller what is due of their part, and nothing of a part they cancelled', async () => {
    const order = await newOrder();
    const sale = await ship(leo, order._id, 'cancelled');
    expect(sale).toMatchObject({ totalPrice: 55, due: 0, status: 'cancelled' });
    expect((await ship(mia, order._id)).due).toBe(30);
  });
});
