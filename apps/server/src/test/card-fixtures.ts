import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Order } from '@bazaar/shared/orders';
import { CardCheckoutSchema } from '@bazaar/shared/payments';
import { asBearer, type TestAccount } from './accounts.ts';
import { startStripeStandIn, type Delivery, type StripeStandIn } from './stripe-stand-in.ts';

/**
 * The Stripe stand-in of a test file, started before its app (call it before `useTestApp(() => stripe.env)`) and
 * stopped after. Its deliveries reach the app by `inject` once `deliverTo` names it.
 */
export function useStripeStandIn() {
  let standIn: StripeStandIn | undefined;
  const handle = {
    get it(): StripeStandIn {
      if (!standIn) throw new Error('the Stripe stand-in is not started');
      return standIn;
    },
    env: () => handle.it.env,
    /** Deliveries go to `app`'s webhook. */
    deliverTo(app: FastifyInstance) {
      handle.it.send = async (delivery) => (await sendDelivery(app, delivery)).statusCode;
    },
  };
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(async () => {
    await standIn?.close();
  });
  return handle;
}

export const WEBHOOK_URL = '/api/payments/stripe/webhook';

export const sendDelivery = (app: FastifyInstance, delivery: Pick<Delivery, 'payload' | 'signature'>) =>
  app.inject({
    method: 'POST',
    url: WEBHOOK_URL,
    headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
    payload: delivery.payload,
  });

export const startCheckout = (app: FastifyInstance, account: TestAccount | null, orderId: string) =>
  app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payments/card`,
    headers: account ? asBearer(account) : {},
  });

/** Opens a Checkout Session for the order as its buyer, which must succeed: its id at the stand-in. */
export async function checkoutSession(app: FastifyInstance, buyer: TestAccount, order: Pick<Order, '_id'>) {
  const response = await startCheckout(app, buyer, order._id);
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.body}`);
  const { url } = CardCheckoutSchema.parse(response.json());
  return url.slice(url.lastIndexOf('/') + 1);
}

export const cardReturn = (
  app: FastifyInstance,
  account: TestAccount | null,
  orderId: string,
  sessionId: string,
) =>
  app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payments/card/return`,
    headers: account ? asBearer(account) : {},
    payload: { sessionId },
  });
