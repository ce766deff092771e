import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ORDER_STATUSES, OrderSchema, type OrderStatus } from '@bazaar/shared/orders';
import type { ApiError } from '@bazaar/shared/errors';
import { signUpCast, type TestAccount } from '../../test/accounts.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { changeStatus, inStatus, orderOf, putInStatus, statusOf } from '../../test/order-fixtures.ts';

const testApp = useTestApp();
let buyer: TestAccount;
let stranger: TestAccount;
let admin: TestAccount;
let productId: string;

beforeAll(async () => {
  ({ owner: buyer, stranger, admin } = await signUpCast(testApp, 'status'));
  const [row] = await insertProducts(testApp.database.db, [productRow()]);
  productId = row!.id;
});

/** A fresh order of the buyer, put straight into `status` with its line. */
async function orderIn(status: OrderStatus) {
  const order = await orderOf(testApp.app, buyer, [productId]);
  await putInStatus(testApp.database.db, order._id, status);
  return inStatus(order, status);
}

const ALLOWED: Record<'buyer' | 'admin', string[]> = {
  buyer: ['processing → cancelled'],
  admin: ['processing → shipped', 'processing → cancelled', 'shipped → delivered', 'shipped → cancelled'],
};

const cases = (['buyer', 'admin'] as const).flatMap((who) =>
  ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.map((to) => ({ who, from, to, allowed: ALLOWED[who].includes(`${from} → ${to}`) })),
  ),
);

describe('PATCH /api/orders/:id/status', () => {
  it.each(cases.filter((c) => c.allowed))(
    'lets the $who move an order from $from to $to',
    async ({ who, from, to }) => {
      const order = await orderIn(from);
      const response = await changeStatus(testApp.app, { buyer, admin }[who], order._id, to);
      expect(response.statusCode).toBe(200);
      expect(OrderSchema.parse(response.json())).toEqual(inStatus(order, to, who));
      expect(await statusOf(testApp.database.db, order._id)).toBe(to);
    },
  );

  it.each(cases.filter((c) => !c.allowed))(
    'refuses with a 409 the $who moving an order from $from to $to',
    async ({ who, from, to }) => {
      const order = await orderIn(from);
      const response = await changeStatus(testApp.app, { buyer, admin }[who], order._id, to);
      expect(response.statusCode).toBe(409);
      expect(response.json<ApiError>()).toEqual({
        error: 'CONFLICT',
        message: `An order that is ${from} cannot become ${to}.`,
      });
      expect(await statusOf(testApp.database.db, order._id)).toBe(from);
    },
  );

  it.each(ORDER_STATUSES)('refuses a stranger with a 403 for an order that is %s', async (from) => {
    const order = await orderIn(from);
    for (const to of ORDER_STATUSES) {
      expect((await changeStatus(testApp.app, stranger, order._id, to)).statusCode).toBe(403);
    }
    expect(await statusOf(testApp.database.db, order._id)).toBe(from);
  });

  it("gives an admin who bought the order both the buyer's and the admin's moves", async () => {
    const own = await orderOf(testApp.app, admin, [productId]);
    expect((await changeStatus(testApp.app, admin, own._id, 'shipped')).statusCode).toBe(200);
    expect((await changeStatus(testApp.app, admin, own._id, 'delivered')).statusCode).toBe(200);
  });

  it('lets only one of many simultaneous changes from the same status through', async () => {
    const order = await orderIn('processing');
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => changeStatus(testApp.app, admin, order._id, 'shipped')),
      ...Array.from({ length: 5 }, () => changeStatus(testApp.app, buyer, order._id, 'cancelled')),
    ]);
    const codes = answers.map((answer) => answer.statusCode);
    // Whichever ran first wins; every other one finds the order no longer processing.
    expect([...codes].sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    const winner = codes.indexOf(200) < 5 ? 'shipped' : 'cancelled';
    expect(await statusOf(testApp.database.db, order._id)).toBe(winner);
  });

  it.each([
    ['an unknown id', randomUUID()],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_case, id) => {
    const response = await changeStatus(testApp.app, admin, id, 'shipped');
    expect(response.statusCode).toBe(404);
    expect(response.json<ApiError>().error).toBe('NOT_FOUND');
  });

  it('refuses an unknown status or an extra field with a 400', async () => {
    const order = await orderIn('processing');
    expect((await changeStatus(testApp.app, admin, order._id, 'lost')).statusCode).toBe(400);
    const extra = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}/status`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { status: 'shipped', note: 'hi' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json<ApiError>().message).toContain('note');
    expect(await statusOf(testApp.database.db, order._id)).toBe('processing');
  });
});
