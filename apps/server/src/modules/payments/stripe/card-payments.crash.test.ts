import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderSchema, type Order } from '@bazaar/shared/orders';
import type { Product } from '@bazaar/shared/products';
import { asBearer, type TestAccount } from '../../../test/accounts.ts';
import { orderBody } from '../../../test/order-fixtures.ts';
import { call, serverProcesses, signUpOver, type ServerProcess } from '../../../test/server-process.ts';
import { startStripeStandIn, type Delivery, type StripeStandIn } from '../../../test/stripe-stand-in.ts';
import { testEngine } from '../../../test/test-database.ts';

const ORDERS = 40;
const KILL_AFTER_ACKNOWLEDGED = 12;

const servers = serverProcesses();
let stripe: StripeStandIn;
let server: ServerProcess;
let env: Record<string, string>;
let buyer: TestAccount;
const paid: { order: Order; delivery: Delivery }[] = [];
const acknowledged = new Set<string>();
let unanswered = 0;

const send = (delivery: Delivery) =>
  fetch(`${server.url}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
    body: delivery.payload,
  });

async function orderNow(order: Order): Promise<Order> {
  const response = await call(server, 'GET', `/api/orders/by-number/${order.number}`, {
    headers: asBearer(buyer),
  });
  expect(response.status, response.text).toBe(200);
  return OrderSchema.parse(response.body);
}

describe(`a server killed with SIGKILL while it takes Stripe's webhooks (${testEngine})`, () => {
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    stripe.holdWebhooks = true;
    env = { ...(await servers.storage()), ...stripe.env, PUBLIC_URL: 'http://shop.localhost' };
    server = await servers.start(env);
    const seller = await signUpOver(server, 'crash-cards-seller@bazaar.test');
    const created = await call<Product>(server, 'POST', '/api/products', {
      headers: asBearer(seller),
      body: { name: 'Unbreakable jug', price: 12.5 },
    });
    expect(created.status, created.text).toBe(201);
    buyer = await signUpOver(server, 'crash-cards-buyer@bazaar.test');
    for (let i = 0; i < ORDERS; i += 1) {
      const placed = await call<Order>(server, 'POST', '/api/orders', {
        headers: asBearer(buyer),
        body: { ...orderBody([created.body._id], [1 + (i % 3)]), paymentMethod: 'card' },
      });
      expect(placed.status, placed.text).toBe(201);
      const order = OrderSchema.parse(placed.body);
      const session = await call<{ url: string }>(server, 'POST', `/api/orders/${order._id}/payments/card`, {
        headers: asBearer(buyer),
      });
      expect(session.status, session.text).toBe(200);
      const delivery = await stripe.pay(session.body.url.slice(session.body.url.lastIndexOf('/') + 1));
      paid.push({ order, delivery });
    }

    // Every delivery at once; the server is killed once some are answered, others in flight.
    let killed: Promise<unknown> | undefined;
    await Promise.all(
      paid.map(async ({ delivery }) => {
        try {
          const response = await send(delivery);
          if (response.status !== 200) throw new Error(`${response.status} ${await response.text()}`);
          acknowledged.add(delivery.eventId);
        } catch (error) {
          if (killed === undefined) throw error;
          unanswered += 1;
        }
        if (acknowledged.size >= KILL_AFTER_ACKNOWLEDGED) killed ??= server.kill('SIGKILL');
      }),
    );
    await killed;
    server = await servers.start(env);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await stripe?.close();
  });

  it('killed the server with deliveries in flight', () => {
    console.info(`${testEngine}: ${acknowledged.size} acknowledged before SIGKILL, ${unanswered} unanswered`);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
    expect(unanswered).toBeGreaterThan(0);
  });

  it('holds every acknowledged payment after the restart, once', async () => {
    for (const { order, delivery } of paid) {
      if (!acknowledged.has(delivery.eventId)) continue;
      const now = await orderNow(order);
      expect(now.payment.events.map((event) => event.kind)).toEqual(['card_paid']);
      expect(now.payment.status).toBe('paid');
    }
  });

  it('completes each delivery Stripe sends again, once, whether it was answered or not', async () => {
    for (const { delivery } of paid) expect((await send(delivery)).status).toBe(200);
    for (const { order } of paid) {
      const now = await orderNow(order);
      expect(now.payment.events.map((event) => event.kind)).toEqual(['card_paid']);
      expect(now.payment).toMatchObject({ status: 'paid', due: 0, paid: order.due });
    }
  });
});
