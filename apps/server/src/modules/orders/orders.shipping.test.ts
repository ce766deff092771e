import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@bazaar/shared/errors';
import { OrderCreatedSchema, OrderSchema, type Order } from '@bazaar/shared/orders';
import { SellerSchema, UserProfileSchema, type UserUpdateInput } from '@bazaar/shared/users';
import { asBearer, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { changeStatus, countOrders, orderBody, placeOrder } from '../../test/order-fixtures.ts';

const testApp = useTestApp();
let buyer: TestAccount;
/** Ships for $4.50, free from $50.00 of her goods. */
let pia: TestAccount;
/** Keeps the shop's default: $10.00 a part. */
let dan: TestAccount;
let vase: string;
let bowl: string;
let rug: string;

function setTerms(account: TestAccount, terms: UserUpdateInput) {
  return testApp.app.inject({
    method: 'PATCH',
    url: `/api/users/${account.email}`,
    headers: asBearer(account),
    payload: terms,
  });
}

async function order(productIds: string[], quantities: number[]): Promise<Order> {
  const response = await placeOrder(testApp.app, buyer, orderBody(productIds, quantities));
  expect(response.statusCode, response.body).toBe(201);
  return OrderCreatedSchema.parse(response.json());
}

/** The order as its buyer's orders list shows it. */
async function asBuyerSees(orderId: string): Promise<Order | undefined> {
  const listed = await testApp.app.inject({
    method: 'GET',
    url: '/api/orders?limit=100',
    headers: asBearer(buyer),
  });
  return OrderSchema.array()
    .parse(listed.json())
    .find((shown) => shown._id === orderId);
}

const dueOf = async (orderId: string) => (await asBuyerSees(orderId))?.due;

beforeAll(async () => {
  buyer = await signUp(testApp.app, 'ship-buyer@bazaar.test', 'Sam Buyer');
  pia = await signUp(testApp.app, 'pia-pots@bazaar.test', 'Pia Pots');
  dan = await signUp(testApp.app, 'dan-rugs@bazaar.test', 'Dan Rugs');
  const [vaseRow, bowlRow, rugRow] = await insertProducts(testApp.database.db, [
    productRow({ name: 'Vase', priceCents: 3000, sellerId: pia.id }),
    productRow({ name: 'Bowl', priceCents: 1250, sellerId: pia.id }),
    productRow({ name: 'Rug', priceCents: 8000, sellerId: dan.id }),
  ]);
  vase = vaseRow!.id;
  bowl = bowlRow!.id;
  rug = rugRow!.id;
  const set = await setTerms(pia, { shippingFee: 4.5, freeShippingOver: 50 });
  expect(set.statusCode, set.body).toBe(200);
});

describe("a seller's shipping terms", () => {
  it('are $10.00 a part and never free until the seller changes them, and are public', async () => {
    const profile = await testApp.app.inject({
      method: 'GET',
      url: `/api/users/${dan.email}`,
      headers: asBearer(dan),
    });
    expect(UserProfileSchema.parse(profile.json())).toMatchObject({
      shippingFee: 10,
      freeShippingOver: null,
    });
    for (const [seller, terms] of [
      [pia, { shippingFee: 4.5, freeShippingOver: 50 }],
      [dan, { shippingFee: 10, freeShippingOver: null }],
    ] as const) {
      const page = await testApp.app.inject({ method: 'GET', url: `/api/sellers/${seller.handle}` });
      expect(SellerSchema.parse(page.json())).toMatchObject(terms);
    }
  });

  it('refuse a fee or a free-over that is not an amount of whole cents in range, and change nothing', async () => {
    const refused: [UserUpdateInput, string, string][] = [
      [{ shippingFee: -1 }, 'shippingFee', "Shipping fee can't be negative"],
      [{ shippingFee: 1000.01 }, 'shippingFee', "Shipping fee can't be more than $1,000"],
      [{ shippingFee: 2.345 }, 'shippingFee', 'Shipping fee has at most two decimals (whole cents)'],
      [{ freeShippingOver: 0 }, 'freeShippingOver', 'Free shipping over is more than $0, or none'],
      [
        { freeShippingOver: '50' as unknown as number },
        'freeShippingOver',
        'Free shipping over must be a number',
      ],
    ];
    for (const [payload, path, message] of refused) {
      const response = await setTerms(pia, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<ApiError>().details).toContainEqual({ path, message });
    }
    const page = await testApp.app.inject({ method: 'GET', url: `/api/sellers/${pia.handle}` });
    expect(SellerSchema.parse(page.json())).toMatchObject({ shippingFee: 4.5, freeShippingOver: 50 });
  });
});

describe('an order from several sellers', () => {
  it("charges each seller's part its own shipping, free over the seller's amount, and stores it", async () => {
    // Pia: $30.00 + $12.50 = $42.50, under her $50.00: $4.50. Dan: $80.00 at his $10.00.
    const placed = await order([vase, bowl, rug], [1, 1, 1]);
    expect(placed).toMatchObject({ subtotal: 122.5, shipping: 14.5, totalPrice: 137, due: 137 });
    expect(placed.parts).toEqual([
      {
        seller: { handle: pia.handle, name: pia.name },
        subtotal: 42.5,
        shipping: 4.5,
        due: 47,
        status: 'processing',
      },
      {
        seller: { handle: dan.handle, name: dan.name },
        subtotal: 80,
        shipping: 10,
        due: 90,
        status: 'processing',
      },
    ]);
    // Pia: 2 × $30.00 reaches her free-over.
    const free = await order([vase], [2]);
    expect(free).toMatchObject({ subtotal: 60, shipping: 0, totalPrice: 60 });

    expect(await asBuyerSees(placed._id)).toEqual(OrderSchema.parse(placed));
  });

  it("keeps what a part was charged when the seller's terms change later", async () => {
    const placed = await order([rug], [1]);
    expect((await setTerms(dan, { shippingFee: 2 })).statusCode).toBe(200);
    expect(await asBuyerSees(placed._id)).toMatchObject({ shipping: 10, totalPrice: 90 });
    expect((await order([rug], [1])).shipping).toBe(2);
    expect((await setTerms(dan, { shippingFee: 10 })).statusCode).toBe(200);
  });

  it('is refused with the new total when a seller changed their shipping since the buyer saw it', async () => {
    // This process now prices the rug, Dan's terms with it, from memory.
    await order([rug], [1]);
    expect((await setTerms(dan, { shippingFee: 12 })).statusCode).toBe(200);
    const before = await countOrders(testApp.database.db, buyer.email);
    const response = await placeOrder(testApp.app, buyer, { ...orderBody([rug]), totalPrice: 90 });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json<ApiError & { totalPrice: number }>()).toMatchObject({
      error: 'PRICE_CHANGED',
      totalPrice: 92,
    });
    expect(await countOrders(testApp.database.db, buyer.email)).toBe(before);
    expect((await setTerms(dan, { shippingFee: 10 })).statusCode).toBe(200);
  });

  it('leaves out of what is due each part cancelled, with its shipping', async () => {
    const placed = await order([vase, bowl, rug], [1, 1, 1]);
    const cancel = (account: TestAccount, productName: string) =>
      testApp.app.inject({
        method: 'PATCH',
        url: `/api/sales/${placed._id}/status`,
        headers: asBearer(account),
        payload: { status: 'cancelled', reason: `No ${productName} left` },
      });
    // Dan's part cancelled: his $80.00 and his $10.00 of shipping are no longer due.
    expect((await cancel(dan, 'rug')).statusCode).toBe(200);
    expect(await dueOf(placed._id)).toBe(47);
    expect((await changeStatus(testApp.app, buyer, placed._id, 'cancelled')).statusCode).toBe(200);
    const stored = await asBuyerSees(placed._id);
    expect(stored).toMatchObject({ totalPrice: 137, due: 0 });
    expect(stored?.parts.map((part) => [part.due, part.status])).toEqual([
      [0, 'cancelled'],
      [0, 'cancelled'],
    ]);
  });
});
