import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, OrderSchema, type Order } from '@bazaar/shared/orders';
import { PAGE_SIZE_MAX } from '@bazaar/shared/pagination';
import { payableCents } from '@bazaar/shared/pricing';
import type { Product } from '@bazaar/shared/products';
import { queryRows } from '../../db/client.ts';
import { asBearer, type TestAccount } from '../../test/accounts.ts';
import {
  call,
  serverProcesses,
  signUpOver,
  startWithVerifiedAdmin,
  withStoredDatabase,
  type ServerProcess,
} from '../../test/server-process.ts';
import { TEST_ADMIN_EMAIL } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { orderBody } from '../../test/order-fixtures.ts';

const PLACEMENTS = 200;
const KILL_AFTER_ACKNOWLEDGED = 50;
const BUYERS = 5;
/** The kettle's stock: every placement orders it (at most 4 each), and all of them must be served. */
const KETTLE_STOCK = 1000;

/** One checkout as a client submits it: a buyer, an Idempotency-Key and the lines. */
interface Placement {
  buyer: TestAccount;
  key: string;
  body: ReturnType<typeof orderBody>;
  /** What the lines cost, priced from the catalog as the client saw it. */
  expectedCents: number;
}

const servers = serverProcesses();
let storage: Record<string, string>;
let server: ServerProcess;
let admin: TestAccount;
let placements: Placement[];
const acknowledged = new Map<Placement, Order>();
let unacknowledged: Placement[];

const place = (target: ServerProcess, placement: Placement) =>
  call<Order & { insertedId: string }>(target, 'POST', '/api/orders', {
    headers: { ...asBearer(placement.buyer), [IDEMPOTENCY_KEY_HEADER]: placement.key },
    body: placement.body,
  });

/** Every order the shop holds, as an admin pages through them. */
async function allOrders(target: ServerProcess): Promise<Order[]> {
  const found: Order[] = [];
  for (;;) {
    const path = `/api/orders?limit=${PAGE_SIZE_MAX}&offset=${found.length}`;
    const page = await call<Order[]>(target, 'GET', path, { headers: asBearer(admin) });
    expect(page.status, page.text).toBe(200);
    found.push(...page.body.map((order) => OrderSchema.parse(order)));
    if (page.body.length < PAGE_SIZE_MAX) return found;
  }
}

/** The lines an order holds, as the client asked for them: product and quantity, in order. */
const linesOf = (order: Order) =>
  order.products.map((line) => ({ productId: line._id, quantity: line.quantity }));

/** The order holds exactly the lines its placement asked for, priced from the catalog. */
function checkWhole(order: Order, placement: Placement) {
  expect(linesOf(order)).toEqual(placement.body.products);
  expect(Math.round(order.totalPrice * 100)).toBe(placement.expectedCents);
}

async function createProducts(): Promise<Product[]> {
  const offers = [
    { name: 'Crash-proof kettle', price: 19.99, discount: 0, stock: KETTLE_STOCK },
    { name: 'Recovery blanket', price: 5.25, discount: 15 },
    { name: 'Journaling desk', price: 120, discount: 33 },
  ];
  const created: Product[] = [];
  for (const offer of offers) {
    const response = await call<Product>(server, 'POST', '/api/products', {
      headers: asBearer(admin),
      body: offer,
    });
    expect(response.status, response.text).toBe(201);
    created.push(response.body);
  }
  return created;
}

/** 200 checkouts by several buyers, of one to three products in varying quantities. */
function planPlacements(products: Product[], buyers: TestAccount[]): Placement[] {
  return Array.from({ length: PLACEMENTS }, (_, i) => {
    const chosen = products.slice(0, 1 + (i % products.length));
    const quantities = chosen.map((_, line) => 1 + ((i + line) % 4));
    return {
      buyer: buyers[i % buyers.length]!,
      key: `crash-test-${i}`,
      body: orderBody(
        chosen.map((product) => product._id),
        quantities,
      ),
      // The admin sells them all: one part, at the default $10.00 of shipping.
      expectedCents:
        chosen.reduce((sum, product, line) => sum + payableCents(product, quantities[line]!), 0) + 1000,
    };
  });
}

/** Fires every placement at once and SIGKILLs the server once enough have been acknowledged. */
async function placeAllAndKill(placements: Placement[]): Promise<void> {
  let killed: Promise<unknown> | undefined;
  await Promise.all(
    placements.map(async (placement) => {
      try {
        const response = await place(server, placement);
        if (response.status === 201) acknowledged.set(placement, OrderSchema.parse(response.body));
        else throw new Error(`placement ${placement.key}: ${response.status} ${response.text}`);
      } catch (error) {
        // A request the killed server never answered; anything else is a failure of the test.
        if (killed === undefined) throw error;
      }
      if (acknowledged.size >= KILL_AFTER_ACKNOWLEDGED) killed ??= server.kill('SIGKILL');
    }),
  );
  await killed;
}

/** The kettle's stock plus the units every stored order holds of it: the starting stock when none went astray. */
async function kettleUnitsAccountedFor(target: ServerProcess): Promise<number> {
  const kettle = placements[0]!.body.products[0]!.productId;
  const product = await call<Product>(target, 'GET', `/api/products/${kettle}`);
  expect(product.status, product.text).toBe(200);
  const ordered = (await allOrders(target))
    .flatMap((order) => order.products)
    .filter((line) => line._id === kettle)
    .reduce((sum, line) => sum + line.quantity, 0);
  return (product.body.stock ?? Number.NaN) + ordered;
}

/** Stored orders and lines that do not fit together; all empty on healthy data. */
function inconsistencies(storage: Record<string, string>) {
  return withStoredDatabase(storage, async ({ db }) => {
    const [orphanLines, ordersWithoutLines, wrongTotals] = await Promise.all([
      queryRows<{ order_id: string }>(
        db,
        sql`select l.order_id from order_lines l where not exists (select 1 from orders o where o.id = l.order_id)`,
      ),
      queryRows<{ id: string }>(
        db,
        sql`select o.id from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)`,
      ),
      queryRows<{ id: string }>(
        db,
        sql`select o.id from orders o join order_lines l on l.order_id = o.id
            group by o.id
            having o.total_cents <> sum(l.line_total_cents)
              + (select coalesce(sum(p.shipping_cents), 0) from order_parts p where p.order_id = o.id)
              or count(distinct l.seller_email)
                <> (select count(*) from order_parts p where p.order_id = o.id)`,
      ),
    ]);
    return { orphanLines, ordersWithoutLines, wrongTotals };
  });
}

describe(`a server killed with SIGKILL while ${PLACEMENTS} orders are being placed (${testEngine})`, () => {
  beforeAll(async () => {
    storage = await servers.storage();
    // One address across the restart, as behind a load balancer: answers carry picture URLs on it.
    const env = {
      ...storage,
      PUBLIC_URL: 'http://shop.localhost',
      ADMIN_EMAILS: TEST_ADMIN_EMAIL,
      // Each buyer orders the kettle 40 times, none shipped.
      UNITS_HELD_PER_PRODUCT: '100000',
    };
    server = await servers.start(env);
    admin = await signUpOver(server, TEST_ADMIN_EMAIL);
    const products = await createProducts();
    const buyers: TestAccount[] = [];
    for (let n = 1; n <= BUYERS; n += 1)
      buyers.push(await signUpOver(server, `crash-buyer-${n}@bazaar.test`));
    placements = planPlacements(products, buyers);

    await placeAllAndKill(placements);
    unacknowledged = placements.filter((placement) => !acknowledged.has(placement));
    // The admin reads every order after the restart; the operator's command makes it one while the server is down,
    // and its link chooses the password and signs the operator in.
    const restarted = await startWithVerifiedAdmin(servers, env, TEST_ADMIN_EMAIL);
    server = restarted.server;
    admin = { ...admin, token: restarted.token };
    // Two server starts and 200 orders on a busy machine.
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('killed the server with orders in flight', () => {
    console.info(
      `${testEngine}: ${PLACEMENTS} placed, ${acknowledged.size} acknowledged before SIGKILL, ` +
        `${unacknowledged.length} unanswered`,
    );
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
    expect(unacknowledged.length).toBeGreaterThan(0);
  });

  it('acknowledged each order with the lines asked for, priced from the catalog', () => {
    for (const [placement, order] of acknowledged) checkWhole(order, placement);
  });

  it('holds every acknowledged order exactly once after the restart, as it was acknowledged', async () => {
    const stored = await allOrders(server);
    const ids = stored.map((order) => order._id);
    expect(new Set(ids).size).toBe(ids.length);
    const byId = new Map(stored.map((order) => [order._id, order]));
    for (const order of acknowledged.values()) expect(byId.get(order._id)).toEqual(order);
    // Orders that committed but whose answer was lost to the kill are whole too.
    expect(stored.length).toBeGreaterThanOrEqual(acknowledged.size);
    expect(stored.length).toBeLessThanOrEqual(PLACEMENTS);
    for (const order of stored) expect(order.products.length).toBeGreaterThan(0);
    console.info(
      `${testEngine}: ${stored.length} orders found after restart (${acknowledged.size} acknowledged, ` +
        `${stored.length - acknowledged.size} committed without an answer)`,
    );
  });

  it("took from the tracked kettle's stock exactly the units its stored orders hold", async () => {
    expect(await kettleUnitsAccountedFor(server)).toBe(KETTLE_STOCK);
  });

  it('answers each unanswered placement, retried with its key, with exactly one whole order', async () => {
    const before = new Set((await allOrders(server)).map((order) => order._id));
    const outcomes = { wasStored: 0, placedNow: 0 };
    for (const placement of unacknowledged) {
      const retry = await place(server, placement);
      // 200: it had committed before the kill and is answered as it was; 201: it had left no trace.
      expect([200, 201], retry.text).toContain(retry.status);
      const order = OrderSchema.parse(retry.body);
      checkWhole(order, placement);
      expect(before.has(order._id)).toBe(retry.status === 200);
      outcomes[retry.status === 200 ? 'wasStored' : 'placedNow'] += 1;
    }
    const after = await allOrders(server);
    expect(after).toHaveLength(PLACEMENTS);
    console.info(
      `${testEngine}: retried ${unacknowledged.length} unanswered placements: ${outcomes.wasStored} had been ` +
        `stored whole, ${outcomes.placedNow} had left no trace and were placed now`,
    );
  });

  it("still accounts for every unit of the kettle's stock once the retries are placed", async () => {
    expect(await kettleUnitsAccountedFor(server)).toBe(KETTLE_STOCK);
  });

  it('keeps working on the recovered data: a new order is placed and read back by its buyer', async () => {
    const [placement] = placements;
    const fresh = await place(server, { ...placement!, key: 'after-the-crash' });
    expect(fresh.status, fresh.text).toBe(201);
    const mine = await call<Order[]>(
      server,
      'GET',
      `/api/orders/${placement!.buyer.email}?limit=${PAGE_SIZE_MAX}`,
      {
        headers: asBearer(placement!.buyer),
      },
    );
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.map((order) => order._id)).toContain(fresh.body.insertedId);
  });

  it('leaves no line without its order, no order without lines or parts, and every total its lines and shipping', async () => {
    // PGlite's data directory is owned by one process: stop the server before opening it here.
    await server.stop();
    expect(await inconsistencies(storage)).toEqual({
      orphanLines: [],
      ordersWithoutLines: [],
      wrongTotals: [],
    });
  });
});
