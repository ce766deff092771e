import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Order } from '@bazaar/shared/orders';
import type { Product } from '@bazaar/shared/products';
import type { Review } from '@bazaar/shared/reviews';
import { LISTENER_APPLICATION_NAME } from '../../db/listen.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { asBearer, signUp, signUpAdmin, TEST_ORIGIN, type TestAccount } from '../../test/accounts.ts';
import { orderBody, placeOrder, saleMoveBody } from '../../test/order-fixtures.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { testEngine } from '../../test/test-database.ts';
import { createTwoServers, watchReads, type WatchedServer } from '../../test/two-servers.ts';

let close = async () => {};
let a: WatchedServer;
let b: WatchedServer;
let seller: TestAccount;
let productId: string;

async function read(server: WatchedServer, url = `/api/products/${productId}`) {
  server.reads.mockClear();
  const response = await server.app.inject({ method: 'GET', url });
  return { response, product: response.json<Product>(), fromDatabase: server.reads.mock.calls.length > 0 };
}

const rename = (name: string) =>
  a.app.inject({
    method: 'PATCH',
    url: `/api/products/${productId}`,
    headers: asBearer(seller),
    payload: { name },
  });

/** B's answer becomes `name` once it hears of A's write: bounded, not a fixed sleep. */
async function expectSeenByB(name: string) {
  await vi.waitFor(async () => expect((await read(b)).product.name).toBe(name), {
    timeout: 5000,
    interval: 20,
  });
}

describe.runIf(testEngine === 'postgres')('two server processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    const two = await createTwoServers();
    close = two.close;
    [a, b] = [watchReads(two.servers[0]), watchReads(two.servers[1])];
    seller = await signUp(a.app, 'two-processes@bazaar.test');
    const [row] = await insertProducts(a.database.db, [productRow({ sellerId: seller.id })]);
    productId = row!.id;
  });

  afterAll(() => close());

  it('shows a product written through A on B right after the write is announced', async () => {
    await read(b);
    expect((await read(b)).fromDatabase).toBe(false);
    expect((await rename('Renamed on A')).statusCode).toBe(200);
    await expectSeenByB('Renamed on A');
  });

  it('bypasses the cache on B while its listener is down, and caches again once it is back', async () => {
    await read(b);
    expect((await read(b)).fromDatabase).toBe(false);

    await a.database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`);
    // Deaf to other processes' writes, B must read the database for every answer.
    await vi.waitFor(
      async () => {
        expect((await read(b)).fromDatabase).toBe(true);
        expect((await read(b)).fromDatabase).toBe(true);
      },
      { timeout: 5000, interval: 10 },
    );
    expect((await rename('Renamed while B was deaf')).statusCode).toBe(200);
    expect((await read(b)).product.name).toBe('Renamed while B was deaf');

    // Reconnected (after a second or so), B caches again and hears A's writes again.
    await vi.waitFor(
      async () => {
        await read(b);
        expect((await read(b)).fromDatabase).toBe(false);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect((await rename('Renamed after B came back')).statusCode).toBe(200);
    await expectSeenByB('Renamed after B came back');
  });

  describe('a catalog write through A, whichever its path', () => {
    let buyer: TestAccount;
    let stranger: TestAccount;
    let admin: TestAccount;
    let counted: string;
    let order: Order;
    let review: Review;

    const asSeller = () => asBearer(seller);
    const onA = (method: 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload: object) =>
      a.app.inject({ method, url, headers, payload });
    const moveSale = (orderId: string, status: string) =>
      onA('PATCH', `/api/sales/${orderId}/status`, asSeller(), saleMoveBody(status));

    /**
     * Makes B keep its answer of the counted product, writes through A, and answers what B kept and B's very next
     * answer: no waiting, no retry.
     */
    async function nextOnB(write: () => Promise<LightMyRequestResponse>, status = 200) {
      const url = `/api/products/${counted}`;
      await read(b, url);
      const kept = await read(b, url);
      expect(kept.fromDatabase).toBe(false);
      const written = await write();
      expect(written.statusCode, written.body).toBe(status);
      const next = await read(b, url);
      return { kept: kept.product, next: next.product, fromDatabase: next.fromDatabase };
    }

    beforeAll(async () => {
      buyer = await signUp(a.app, 'every-path-buyer@bazaar.test');
      stranger = await signUp(a.app, 'every-path-stranger@bazaar.test');
      admin = await signUpAdmin(a);
      const created = await onA('POST', '/api/products', asSeller(), {
        name: 'Counted Lamp',
        price: 30,
        stock: 5,
      });
      counted = created.json<Product>()._id;
    });

    it('shows a product edit on B at once', async () => {
      const { kept, next } = await nextOnB(() =>
        onA('PATCH', `/api/products/${counted}`, asSeller(), { price: 32 }),
      );
      expect([kept.price, next.price]).toEqual([30, 32]);
    });

    it('shows a picture change on B at once', async () => {
      const picture = 'https://pictures.example/counted-lamp.png';
      const { kept, next } = await nextOnB(() =>
        onA('PATCH', `/api/products/${counted}`, asSeller(), { mainImage: picture }),
      );
      expect(kept.mainImage.url).not.toBe(picture);
      expect(next.mainImage.url).toBe(picture);
    });

    it('shows the stock an order took on B at once', async () => {
      const { kept, next } = await nextOnB(async () => {
        const placed = await placeOrder(a.app, buyer, orderBody([counted], [2]), 'every-path-order');
        order = placed.json<Order>();
        return placed;
      }, 201);
      expect([kept.stock, next.stock]).toEqual([5, 3]);
    });

    it('shows the stock a cancellation put back on B at once', async () => {
      const { kept, next } = await nextOnB(() =>
        onA('PATCH', `/api/orders/${order._id}/status`, asBearer(buyer), { status: 'cancelled' }),
      );
      expect([kept.stock, next.stock]).toEqual([3, 5]);
    });

    it("shows a review's rating on B at once", async () => {
      const delivered = await placeOrder(a.app, buyer, orderBody([counted]), 'every-path-reviewed');
      const orderId = delivered.json<Order>()._id;
      expect((await moveSale(orderId, 'shipped')).statusCode).toBe(200);
      expect((await moveSale(orderId, 'delivered')).statusCode).toBe(200);
      const { kept, next } = await nextOnB(async () => {
        const posted = await onA('POST', `/api/products/${counted}/reviews`, asBearer(buyer), {
          rating: 4,
          text: 'Bright enough.',
        });
        review = posted.json<Review>();
        return posted;
      }, 201);
      expect([kept.reviews_count, next.reviews_count]).toEqual([0, 1]);
      expect(next.ratings).toBe(4);
    });

    it('shows a review an admin hid gone from the figures on B at once', async () => {
      const { kept, next } = await nextOnB(() =>
        onA('POST', `/api/products/${counted}/reviews/${review._id}/hide`, asBearer(admin), {
          reason: 'Off topic',
        }),
      );
      expect([kept.reviews_count, next.reviews_count]).toEqual([1, 0]);
      expect(next.ratings).toBe(0);
    });

    it("shows a seller's new profile name on B at once", async () => {
      const { kept, next } = await nextOnB(() =>
        onA('PATCH', `/api/users/${seller.email}`, asSeller(), { name: 'Renamed On Profile' }),
      );
      expect([kept.seller.name, next.seller.name]).toEqual([seller.name, 'Renamed On Profile']);
    });

    it("shows a seller's name changed through Better Auth on B at once", async () => {
      const { kept, next } = await nextOnB(() =>
        onA(
          'POST',
          '/api/auth/update-user',
          { ...asSeller(), origin: TEST_ORIGIN },
          { name: 'Renamed By Auth' },
        ),
      );
      expect([kept.seller.name, next.seller.name]).toEqual(['Renamed On Profile', 'Renamed By Auth']);
    });

    it.each([
      [
        "a stranger's refused edit",
        () => onA('PATCH', `/api/products/${counted}`, asBearer(stranger), { price: 1 }),
        403,
      ],
      [
        "the seller's phone and address",
        () =>
          onA('PATCH', `/api/users/${seller.email}`, asSeller(), {
            phone: '+1 555 0100',
            address: '2 Low Road',
          }),
        200,
      ],
      [
        "the seller's reply to a review",
        () =>
          onA('POST', `/api/products/${counted}/reviews/${review._id}/reply`, asSeller(), {
            text: 'Thank you!',
          }),
        201,
      ],
    ])('keeps what B has after %s, which no catalog answer shows', async (_, write, status) => {
      expect((await nextOnB(write, status)).fromDatabase).toBe(false);
    });

    it('shows a seed on B at once', async () => {
      await read(b, '/api/products');
      const kept = await read(b, '/api/products');
      expect(kept.fromDatabase).toBe(false);
      await seedDemoData(a.database.db, { products: 3 });
      const next = await read(b, '/api/products');
      expect(kept.response.headers['x-total-count']).not.toBe('3');
      expect(next.response.headers['x-total-count']).toBe('3');
    });
  });
});
