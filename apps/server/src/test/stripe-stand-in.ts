import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** The secrets the shop is configured with in front of the stand-in. */
export const STAND_IN_SECRET_KEY = 'sk_test_standin';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_standin';

/** How the stand-in answers a refund: as Stripe does when it goes through, is refused, waits on the bank, or is down. */
export type RefundMode = 'succeed' | 'refuse' | 'pending' | 'down';

interface Session {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  payment_intent: string | null;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string | null;
  livemode: false;
  created: number;
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled';
  failure_reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

/** A signed delivery of one event: what Stripe POSTs to the webhook. */
export interface Delivery {
  eventId: string;
  type: string;
  payload: string;
  /** The Stripe-Signature header, made with the SDK's own generateTestHeaderString. */
  signature: string;
}

export interface StripeStandIn {
  /** STRIPE_API_URL for the shop. */
  url: string;
  env: { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string; STRIPE_API_URL: string };
  /** Where events are POSTed; unset, they are only kept (`deliveries`). */
  webhookUrl: string | undefined;
  /** Held deliveries are kept and not sent, for a test to send them late, twice or out of order. */
  holdWebhooks: boolean;
  refunds: RefundMode;
  /** Every call to the API fails as a network error, as when Stripe cannot be reached. */
  down: boolean;
  /** Every delivery made, sent or held, in order. */
  deliveries: Delivery[];
  sessions: Map<string, Session>;
  refundsMade: Map<string, Refund>;
  /** Pays an open session as the buyer would on the hosted page: its completed event is delivered (or held). */
  pay(sessionId: string, change?: Partial<Pick<Session, 'amount_total' | 'currency'>>): Promise<Delivery>;
  /** A pending refund ends: its refund.updated event is delivered (or held). */
  settleRefund(refundId: string, status: 'succeeded' | 'failed'): Promise<Delivery>;
  /** A signed delivery of an event of `type` about `object`; `timestamp` (seconds) to make an old one. */
  event(type: string, object: object, timestamp?: number): Delivery;
  /** Sends a delivery to the webhook (`webhookUrl`) and answers its status; a test may send another way. */
  send(delivery: Delivery): Promise<number>;
  close(): Promise<void>;
}

const seconds = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`metadata[orderId]=…`, `line_items[0][price_data][unit_amount]=…`) as flat keys. */
async function formOf(request: IncomingMessage): Promise<Map<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new Map(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

const metadataOf = (form: Map<string, string>) =>
  Object.fromEntries(
    [...form].flatMap(([key, value]) => {
      const name = /^metadata\[(\w+)\]$/.exec(key)?.[1];
      return name ? [[name, value]] : [];
    }),
  );

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${Date.now()}`,
    ...headers,
  });
  response.end(JSON.stringify(body));
}

const stripeError = (message: string, code: string) => ({
  error: { type: 'invalid_request_error', code, message },
});

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

/**
 * A small stand-in of the Stripe endpoints the shop calls (Checkout Sessions, refunds), answering as Stripe's API
 * reference shows, with a hosted payment page: the tests run with no Internet. An idempotency key gets the answer it
 * got the first time, as at Stripe.
 *
 * Browser tests, which run in another process, control it over HTTP: the hosted page's Pay form takes an
 * `amount_total` (a payment of another amount than asked), and `POST /control/sessions/:id/refunds` with `refuse`,
 * `pending` or `down` sets how the refunds of that session's payment are answered.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const signer = new Stripe(STAND_IN_SECRET_KEY).webhooks;
  const answered = new Map<string, { status: number; body: unknown }>();
  const paidIntents = new Map<string, { amount: number; currency: string; refunded: number }>();
  /** How the refunds of one session's payment are answered, overriding `refunds`. */
  const refundModes = new Map<string, RefundMode>();
  const refundModeOf = (intentId: string) => {
    const session = [...standIn.sessions.values()].find((one) => one.payment_intent === intentId);
    return (session && refundModes.get(session.id)) ?? standIn.refunds;
  };
  let counter = 0;
  const next = (prefix: string) => `${prefix}_test_${Date.now().toString(36)}${(counter += 1)}`;

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, 500, stripeError(String(error), 'stand_in_error'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: StripeStandIn = {
    url,
    env: {
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
      STRIPE_API_URL: url,
    },
    webhookUrl: undefined,
    holdWebhooks: false,
    refunds: 'succeed',
    down: false,
    deliveries: [],
    sessions: new Map(),
    refundsMade: new Map(),

    event(type, object, timestamp = seconds()) {
      const event = {
        id: next('evt'),
        object: 'event',
        api_version: '2025-01-01',
        created: timestamp,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      };
      const payload = JSON.stringify(event);
      const signature = signer.generateTestHeaderString({
        payload,
        secret: STAND_IN_WEBHOOK_SECRET,
        timestamp,
      });
      return { eventId: event.id, type, payload, signature };
    },

    async send(delivery) {
      if (!standIn.webhookUrl) return 0;
      const answer = await fetch(standIn.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
        body: delivery.payload,
      });
      return answer.status;
    },

    async pay(sessionId, change = {}) {
      const session = standIn.sessions.get(sessionId);
      if (!session || session.status !== 'open') throw new Error(`no open session ${sessionId}`);
      Object.assign(session, change, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: next('pi'),
      });
      paidIntents.set(session.payment_intent!, {
        amount: session.amount_total,
        currency: session.currency,
        refunded: 0,
      });
      return deliver(standIn.event('checkout.session.completed', { ...session, url: null }));
    },

    async settleRefund(refundId, status) {
      const refund = standIn.refundsMade.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      refund.status = status;
      refund.failure_reason = status === 'failed' ? 'expired_or_canceled_card' : null;
      return deliver(standIn.event(status === 'failed' ? 'refund.failed' : 'refund.updated', refund));
    },

    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function deliver(delivery: Delivery): Promise<Delivery> {
    standIn.deliveries.push(delivery);
    if (!standIn.holdWebhooks) await standIn.send(delivery);
    return delivery;
  }

  function createSession(form: Map<string, string>): Session {
    const id = next('cs');
    const amount =
      Number(form.get('line_items[0][price_data][unit_amount]')) *
      Number(form.get('line_items[0][quantity]') ?? 1);
    const session: Session = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      amount_subtotal: amount,
      currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
      payment_intent: null,
      client_reference_id: form.get('client_reference_id') ?? null,
      customer_email: form.get('customer_email') ?? null,
      metadata: metadataOf(form),
      success_url: (form.get('success_url') ?? '').replace('{CHECKOUT_SESSION_ID}', id),
      cancel_url: form.get('cancel_url') ?? '',
      url: `${url}/pay/${id}`,
      livemode: false,
      created: seconds(),
    };
    standIn.sessions.set(id, session);
    return session;
  }

  function createRefund(form: Map<string, string>): { status: number; body: unknown } {
    const intentId = form.get('payment_intent') ?? '';
    const intent = paidIntents.get(intentId);
    if (!intent)
      return { status: 404, body: stripeError(`No such payment_intent: '${intentId}'`, 'resource_missing') };
    const amount = Number(form.get('amount') ?? intent.amount - intent.refunded);
    const mode = refundModeOf(intentId);
    if (mode === 'refuse') {
      return {
        status: 400,
        body: stripeError(
          `Charge for ${intentId} has been disputed; it cannot be refunded.`,
          'charge_disputed',
        ),
      };
    }
    if (amount > intent.amount - intent.refunded) {
      return {
        status: 400,
        body: stripeError(
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount - intent.refunded) / 100).toFixed(2)})`,
          'amount_too_large',
        ),
      };
    }
    intent.refunded += amount;
    const refund: Refund = {
      id: next('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      status: mode === 'pending' ? 'pending' : 'succeeded',
      failure_reason: null,
      metadata: metadataOf(form),
      created: seconds(),
    };
    standIn.refundsMade.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  async function api(request: IncomingMessage, response: ServerResponse, path: string) {
    if (standIn.down) {
      request.socket.destroy();
      return;
    }
    if (request.headers.authorization !== `Bearer ${STAND_IN_SECRET_KEY}`) {
      send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    const form = await formOf(request);
    if (path === '/v1/refunds' && refundModeOf(form.get('payment_intent') ?? '') === 'down') {
      request.socket.destroy();
      return;
    }
    const key = request.headers['idempotency-key'];
    const replay = typeof key === 'string' ? answered.get(`${request.method} ${path} ${key}`) : undefined;
    if (replay) {
      send(response, replay.status, replay.body, { 'idempotent-replayed': 'true' });
      return;
    }
    const sessionId = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path)?.[1];
    let answer: { status: number; body: unknown };
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      answer = { status: 200, body: createSession(form) };
    } else if (request.method === 'GET' && sessionId) {
      const session = standIn.sessions.get(sessionId);
      answer = session
        ? { status: 200, body: session }
        : { status: 404, body: stripeError(`No such checkout.session: '${sessionId}'`, 'resource_missing') };
    } else if (request.method === 'POST' && path === '/v1/refunds') {
      answer = createRefund(form);
    } else {
      answer = {
        status: 404,
        body: stripeError(`Unrecognized request URL (${request.method}: ${path})`, 'not_found'),
      };
    }
    if (typeof key === 'string') answered.set(`${request.method} ${path} ${key}`, answer);
    send(response, answer.status, answer.body);
  }

  /** The hosted payment page, where the buyer pays or goes back. */
  async function hosted(request: IncomingMessage, response: ServerResponse, path: string) {
    const [, sessionId, action] = /^\/pay\/([\w-]+)(?:\/(pay|cancel))?$/.exec(path) ?? [];
    const session = sessionId ? standIn.sessions.get(sessionId) : undefined;
    if (!session) {
      response
        .writeHead(404, { 'content-type': 'text/html' })
        .end(page('Not found', '<h1>No such payment</h1>'));
      return;
    }
    if (request.method === 'POST' && action) {
      const amount = (await formOf(request)).get('amount_total');
      const change = amount === undefined ? {} : { amount_total: Number(amount) };
      if (action === 'pay' && session.status === 'open') await standIn.pay(session.id, change);
      response
        .writeHead(303, { location: action === 'pay' ? session.success_url : session.cancel_url })
        .end();
      return;
    }
    const amount = `$${(session.amount_total / 100).toFixed(2)}`;
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        page(
          'Stripe stand-in',
          `<h1>Pay ${amount}</h1><p>Card 4242 4242 4242 4242 (test)</p>` +
            `<form method="post" action="/pay/${session.id}/pay"><button>Pay ${amount}</button></form>` +
            `<form method="post" action="/pay/${session.id}/cancel"><button>Cancel</button></form>`,
        ),
      );
  }

  /** `POST /control/sessions/:id/refunds` with the mode as its body. */
  async function control(request: IncomingMessage, response: ServerResponse, path: string) {
    const sessionId = /^\/control\/sessions\/([\w-]+)\/refunds$/.exec(path)?.[1];
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const mode = Buffer.concat(chunks).toString('utf8').trim();
    if (request.method !== 'POST' || !sessionId || !['succeed', 'refuse', 'pending', 'down'].includes(mode)) {
      send(response, 400, {
        error: 'POST /control/sessions/:id/refunds with succeed, refuse, pending or down',
      });
      return;
    }
    refundModes.set(sessionId, mode as RefundMode);
    send(response, 200, { sessionId, refunds: mode });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? '/', url).pathname;
    if (path.startsWith('/v1/')) await api(request, response, path);
    else if (path.startsWith('/control/')) await control(request, response, path);
    else await hosted(request, response, path);
  }

  return standIn;
}
