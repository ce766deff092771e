import { randomInt } from 'node:crypto';
import type { Request } from 'autocannon';
import type { Order, OrderCreateInput, OrderCreated } from '@bazaar/shared/orders';
import { IDEMPOTENCY_KEY_HEADER } from '@bazaar/shared/orders';
import { dollarsToCents, payableCents } from '@bazaar/shared/pricing';
import type { Product } from '@bazaar/shared/products';
import { setTimeout as sleep } from 'node:timers/promises';
import { callShop } from './http.ts';
import type { LoadResult } from './load.ts';

/** Shoppers the order scenarios sign up, one per connection at the default 50. */
export const USERS = 50;
const PASSWORD = 'bench password 2026';
const PAGE = 100;

export interface Shopper {
  email: string;
  token: string;
}

type OrderLines = { productId: string; quantity: number }[];

interface Placement {
  shopper: Shopper;
  body: string;
  lines: OrderLines;
}

export interface OrderCheck {
  /** Every order the bench users have is one a 2xx answered, and each holds what was sent at the right price. */
  ordersVerified: boolean;
  users: number;
  /** 2xx answers during the load (autocannon's 2xx count). */
  answeredDuringLoad: number;
  refusedDuringLoad: number;
  /**
   * Requests autocannon left unanswered when the time was up, sent again with their Idempotency-Key: 200 when
   * the server had placed the order anyway, 201 when it had not.
   */
  retried: { alreadyPlaced: number; placedNow: number; refused: number };
  /** Orders the bench users have (GET /api/orders as each of them). */
  ordersFound: number;
  missing: number;
  unexpected: number;
  wrongLines: number;
  wrongTotals: number;
}

export async function signUp(shopUrl: string, email: string): Promise<Shopper> {
  const answer = await callShop(`${shopUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shopUrl },
    body: JSON.stringify({ name: 'Bench Shopper', email, password: PASSWORD }),
  });
  const token = answer.headers.get('set-auth-token');
  if (!token) throw new Error(`sign-up of ${email} gave no bearer token`);
  return { email, token };
}

/** 1–3 different products of the sample, 1–3 of each. */
function pickLines(products: Product[]): OrderLines {
  const count = Math.min(randomInt(1, 4), products.length);
  const chosen = new Set<Product>();
  while (chosen.size < count) chosen.add(products[randomInt(products.length)] as Product);
  return [...chosen].map((product) => ({ productId: product._id, quantity: randomInt(1, 4) }));
}

function orderHeaders(shopper: Shopper, key: string) {
  return {
    'content-type': 'application/json',
    authorization: `Bearer ${shopper.token}`,
    [IDEMPOTENCY_KEY_HEADER]: key,
  };
}

async function ordersOf(shopUrl: string, shopper: Shopper): Promise<Order[]> {
  const orders: Order[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { body, total } = await callShop<Order[]>(`${shopUrl}/api/orders?limit=${PAGE}&offset=${offset}`, {
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    orders.push(...body);
    if (body.length < PAGE || orders.length >= (total ?? 0)) return orders;
  }
}

/**
 * The order placement scenario: signs up shoppers, has each connection place orders as one of them (a
 * unique Idempotency-Key each, the lines `orderLines` picks from `products`), then proves every order the
 * server placed is one it answered, holds the lines that were sent and costs what the catalog prices say.
 * `placedPerSecond` counts the orders answered 2xx up to the last of them, so that a load whose orders stop
 * early (a product sold out) is compared by the time it was placing them.
 */
export async function loadOrders(
  shopUrl: string,
  products: Product[],
  load: (requests: Request[]) => Promise<LoadResult>,
  orderLines: () => OrderLines = () => pickLines(products),
) {
  const run = Date.now().toString(36);
  const shoppers = await Promise.all(
    Array.from({ length: USERS }, (_, i) => signUp(shopUrl, `bench-${run}-${i}@bazaar.test`)),
  );
  const placements = new Map<string, Placement>();
  const answered = new Map<string, string>(); // key → order id
  const refused = new Set<string>();
  let sent = 0;
  let lastPlacedAt = 0;

  const startedAt = performance.now();
  const result = await load([
    {
      method: 'POST',
      path: '/api/orders',
      setupRequest: (request, context: { key?: string }) => {
        const shopper = shoppers[sent % shoppers.length] as Shopper;
        const key = `${run}-${sent++}`;
        const lines = orderLines();
        const order: OrderCreateInput = {
          name: 'Bench Shopper',
          email: shopper.email,
          phone: '+1 202 555 0100',
          address: '1 Bench Street, Springfield',
          products: lines,
        };
        const body = JSON.stringify(order);
        placements.set(key, { shopper, body, lines });
        context.key = key;
        return { ...request, headers: orderHeaders(shopper, key), body };
      },
      onResponse: (status, body, context: { key?: string }) => {
        const key = context.key ?? '';
        if (status >= 200 && status < 300) {
          answered.set(key, (JSON.parse(body) as OrderCreated).insertedId);
          lastPlacedAt = performance.now();
        } else refused.add(key);
      },
    },
  ]);
  const answeredDuringLoad = answered.size;
  const refusedDuringLoad = refused.size;
  const placedPerSecond = answeredDuringLoad / (Math.max(lastPlacedAt - startedAt, 1) / 1000);

  // Let the server finish what it was doing when autocannon hung up, then retry as a client would.
  await sleep(1000);
  const retried = { alreadyPlaced: 0, placedNow: 0, refused: 0 };
  for (const [key, placement] of placements) {
    if (answered.has(key) || refused.has(key)) continue;
    const retry = await fetch(`${shopUrl}/api/orders`, {
      method: 'POST',
      headers: orderHeaders(placement.shopper, key),
      body: placement.body,
    });
    if (retry.status === 409) {
      refused.add(key);
      retried.refused++;
      continue;
    }
    if (!retry.ok) throw new Error(`retrying order ${key} answered ${retry.status}: ${await retry.text()}`);
    answered.set(key, ((await retry.json()) as OrderCreated).insertedId);
    retried[retry.status === 200 ? 'alreadyPlaced' : 'placedNow']++;
  }

  const found = (await Promise.all(shoppers.map((shopper) => ordersOf(shopUrl, shopper)))).flat();
  const prices = new Map(products.map((product) => [product._id, product]));
  const expected = new Map([...answered].map(([key, id]) => [id, placements.get(key) as Placement]));
  let wrongLines = 0;
  let wrongTotals = 0;
  for (const order of found) {
    const placement = expected.get(order._id);
    if (!placement) continue;
    const got = order.products.map((line) => `${line._id}×${line.quantity}`).join(',');
    const want = placement.lines.map((line) => `${line.productId}×${line.quantity}`).join(',');
    if (got !== want) wrongLines++;
    const total = order.products.reduce((sum, line) => {
      const product = prices.get(line._id ?? '');
      return sum + (product ? payableCents(product, line.quantity) : NaN);
    }, 0);
    // The goods priced from the sample; the shipping each seller charged comes on top (issue 45).
    if (
      total !== dollarsToCents(order.subtotal) ||
      dollarsToCents(order.subtotal) + dollarsToCents(order.shipping) !== dollarsToCents(order.totalPrice)
    )
      wrongTotals++;
  }
  const foundIds = new Set(found.map((order) => order._id));
  const missing = [...expected.keys()].filter((id) => !foundIds.has(id)).length;
  const unexpected = found.filter((order) => !expected.has(order._id)).length;

  const check: OrderCheck = {
    ordersVerified: missing + unexpected + wrongLines + wrongTotals === 0 && found.length === expected.size,
    users: shoppers.length,
    answeredDuringLoad,
    refusedDuringLoad,
    retried,
    ordersFound: found.length,
    missing,
    unexpected,
    wrongLines,
    wrongTotals,
  };
  return { result, check, placedPerSecond, ordersFound: found };
}
