import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderSchema, type Order } from '@bazaar/shared/orders';
import { PaymentClaimSchema, type PaymentClaim } from '@bazaar/shared/payments';
import type { Product } from '@bazaar/shared/products';
import { asBearer, type TestAccount } from '../../test/accounts.ts';
import { orderBody } from '../../test/order-fixtures.ts';
import { claimOf, WALLET_ENV } from '../../test/payment-fixtures.ts';
import {
  call,
  serverProcesses,
  signUpOver,
  startWithVerifiedAdmin,
  type ServerProcess,
} from '../../test/server-process.ts';
import { TEST_ADMIN_EMAIL } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

const ORDERS = 60;
/** The first half of the orders are claimed before the burst, which decides them while the others are claimed. */
const CLAIMED_BEFORE = ORDERS / 2;
const KILL_AFTER_ACKNOWLEDGED = 25;
const BUYERS = 5;

/** A request of the burst: a buyer's claim or an admin's decision, and what its answer acknowledged. */
type Burst =
  | { kind: 'claim'; order: Order; buyer: TestAccount; body: ReturnType<typeof claimOf> }
  | { kind: 'decision'; order: Order; claimId: string; decision: 'accept' | 'reject' };

const servers = serverProcesses();
let server: ServerProcess;
let admin: TestAccount;
let env: Record<string, string>;
let burst: Burst[];
const acknowledged = new Set<Burst>();
let unanswered = 0;

const send = (request: Burst) =>
  request.kind === 'claim'
    ? call(server, 'POST', `/api/orders/${request.order._id}/payments`, {
        headers: asBearer(request.buyer),
        body: request.body,
      })
    : call(server, 'POST', `/api/payments/${request.claimId}/${request.decision}`, {
        headers: asBearer(admin),
        ...(request.decision === 'reject' ? { body: { reason: 'Not received' } } : {}),
      });

/** The order as the admin reads it after the restart. */
async function orderNow(order: Order): Promise<Order> {
  const response = await call(server, 'GET', `/api/orders/by-number/${order.number}`, {
    headers: asBearer(admin),
  });
  expect(response.status, response.text).toBe(200);
  return OrderSchema.parse(response.body);
}

async function claimsIn(status: string): Promise<PaymentClaim[]> {
  const response = await call(server, 'GET', `/api/payments?status=${status}&limit=100`, {
    headers: asBearer(admin),
  });
  expect(response.status, response.text).toBe(200);
  return PaymentClaimSchema.array().parse(response.body);
}

/** Fires the whole burst at once and SIGKILLs the server once enough of it has been acknowledged. */
async function burstAndKill(): Promise<void> {
  let killed: Promise<unknown> | undefined;
  await Promise.all(
    burst.map(async (request) => {
      try {
        const response = await send(request);
        const expected = request.kind === 'claim' ? 201 : 200;
        if (response.status === expected) acknowledged.add(request);
        else throw new Error(`${request.kind}: ${response.status} ${response.text}`);
      } catch (error) {
        if (killed === undefined) throw error;
        unanswered += 1;
      }
      if (acknowledged.size >= KILL_AFTER_ACKNOWLEDGED) killed ??= server.kill('SIGKILL');
    }),
  );
  await killed;
}

/** Restarts the server as the shop's operator would, the admin verified by the operator's command meanwhile. */
async function restartWithAdmin(stop: () => Promise<unknown>) {
  await stop();
  const restarted = await startWithVerifiedAdmin(servers, env, TEST_ADMIN_EMAIL);
  server = restarted.server;
  admin = { ...admin, token: restarted.token };
}

describe(`a server killed with SIGKILL during a burst of payment claims and decisions (${testEngine})`, () => {
  beforeAll(async () => {
    const storage = await servers.storage();
    env = { ...storage, ...WALLET_ENV, PUBLIC_URL: 'http://shop.localhost', ADMIN_EMAILS: TEST_ADMIN_EMAIL };
    server = await servers.start(env);
    admin = await signUpOver(server, TEST_ADMIN_EMAIL);
    const seller = await signUpOver(server, 'crash-potter@bazaar.test');
    const created = await call<Product>(server, 'POST', '/api/products', {
      headers: asBearer(seller),
      body: { name: 'Unbreakable bowl', price: 12.5 },
    });
    expect(created.status, created.text).toBe(201);
    const buyers: TestAccount[] = [];
    for (let n = 1; n <= BUYERS; n += 1)
      buyers.push(await signUpOver(server, `crash-payer-${n}@bazaar.test`));

    const orders: { order: Order; buyer: TestAccount }[] = [];
    for (let i = 0; i < ORDERS; i += 1) {
      const buyer = buyers[i % BUYERS]!;
      const placed = await call<Order>(server, 'POST', '/api/orders', {
        headers: asBearer(buyer),
        body: { ...orderBody([created.body._id], [1 + (i % 3)]), paymentMethod: 'bkash' },
      });
      expect(placed.status, placed.text).toBe(201);
      orders.push({ order: OrderSchema.parse(placed.body), buyer });
    }
    const claimIds: string[] = [];
    for (const { order, buyer } of orders.slice(0, CLAIMED_BEFORE)) {
      const claim = await call<{ _id: string }>(server, 'POST', `/api/orders/${order._id}/payments`, {
        headers: asBearer(buyer),
        body: claimOf(order),
      });
      expect(claim.status, claim.text).toBe(201);
      claimIds.push(claim.body._id);
    }
    await restartWithAdmin(() => server.stop());

    burst = orders.flatMap(({ order, buyer }, i): Burst[] =>
      i < CLAIMED_BEFORE
        ? [{ kind: 'decision', order, claimId: claimIds[i]!, decision: i % 2 === 0 ? 'accept' : 'reject' }]
        : [{ kind: 'claim', order, buyer, body: claimOf(order) }],
    );
    await burstAndKill();
    await restartWithAdmin(async () => undefined);
    // Three server starts and 90 orders and claims on a busy machine.
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('killed the server with claims and decisions in flight', () => {
    console.info(
      `${testEngine}: ${burst.length} sent, ${acknowledged.size} acknowledged before SIGKILL, ${unanswered} unanswered`,
    );
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
  });

  it('holds every acknowledged claim and decision after the restart, each once', async () => {
    for (const request of acknowledged) {
      const order = await orderNow(request.order);
      const kinds = order.payment.events.map((event) => event.kind);
      if (request.kind === 'claim') {
        const claims = order.payment.events.filter((event) => event.kind === 'claimed');
        expect(claims.map((event) => event.reference)).toEqual([request.body.transactionId]);
        expect(order.payment.status).toBe('awaiting_verification');
      } else {
        const decided = request.decision === 'accept' ? 'accepted' : 'rejected';
        expect(kinds).toEqual(['claimed', decided]);
        expect(order.payment.status).toBe(request.decision === 'accept' ? 'paid' : 'unpaid');
      }
    }
  });

  it('leaves every order with its claims and their decisions in step, whether answered or not', async () => {
    const pending = new Set((await claimsIn('awaiting_verification')).map((claim) => claim.orderId));
    for (const request of burst) {
      const order = await orderNow(request.order);
      const claimed = order.payment.events.filter((event) => event.kind === 'claimed').length;
      const decided = order.payment.events.filter((event) =>
        ['accepted', 'rejected'].includes(event.kind),
      ).length;
      expect(claimed).toBeLessThanOrEqual(1);
      expect(decided).toBeLessThanOrEqual(claimed);
      expect(pending.has(order._id)).toBe(claimed > decided);
      expect(order.payment.paid).toBe(
        order.payment.events.some((event) => event.kind === 'accepted') ? order.due : 0,
      );
    }
  });

  it('takes each decision left unanswered once more, and refuses a second decision', async () => {
    for (const request of burst) {
      if (request.kind !== 'decision') continue;
      const again = await send(request);
      expect([200, 409], again.text).toContain(again.status);
      if (acknowledged.has(request)) expect(again.status).toBe(409);
    }
    const decidedOrders = new Set(
      burst.flatMap((request) => (request.kind === 'decision' ? [request.order._id] : [])),
    );
    const waiting = await claimsIn('awaiting_verification');
    expect(waiting.filter((claim) => decidedOrders.has(claim.orderId))).toEqual([]);
  });
});
