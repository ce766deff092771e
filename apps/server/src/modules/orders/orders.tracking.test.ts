import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, isNull } from 'drizzle-orm';
import type { ApiError } from '@bazaar/shared/errors';
import { OrderSchema, SaleSchema, type Sale } from '@bazaar/shared/orders';
import { mailOutbox } from '../../db/schema.ts';
import { asBearer, signUp, signUpAdmin, type TestAccount } from '../../test/accounts.ts';
import { orderBody, placeOrder } from '../../test/order-fixtures.ts';
import { outboxDrained } from '../../test/outbox.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { FAST_MAIL_SENDER, startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server.ts';

let smtp: TestSmtpServer;
let testApp: TestApp;
let bea: TestAccount;
let mia: TestAccount;
let otto: TestAccount;
let admin: TestAccount;
let mug: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // A grace period far longer than any test: the mail of a shipment waits in the outbox until a test says otherwise.
  testApp = await createTestApp(
    { SMTP_URL: smtp.url, REQUIRE_EMAIL_VERIFICATION: 'false', SHIPPING_GRACE_SECONDS: '600' },
    { mailSender: FAST_MAIL_SENDER },
  );
  bea = await signUp(testApp.app, 'bea-track@bazaar.test', 'Bea Buyer');
  mia = await signUp(testApp.app, 'mia-track@bazaar.test', 'Mia Mugs');
  otto = await signUp(testApp.app, 'otto-track@bazaar.test', 'Otto Pens');
  admin = await signUpAdmin(testApp);
  const [mugRow] = await insertProducts(testApp.database.db, [
    productRow({ name: 'Mug', priceCents: 1000, sellerId: mia.id }),
  ]);
  mug = mugRow!.id;
  await outboxDrained(testApp.database.db);
});

afterAll(async () => {
  await testApp?.close();
  await smtp?.close();
});

async function newOrder(): Promise<string> {
  const response = await placeOrder(testApp.app, bea, orderBody([mug]));
  expect(response.statusCode, response.body).toBe(201);
  const orderId = OrderSchema.parse(response.json())._id;
  await vi.waitFor(
    async () =>
      expect(
        await testApp.database.db
          .select()
          .from(mailOutbox)
          .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.holdKey))),
      ).toEqual([]),
    { timeout: 30_000, interval: 50 },
  );
  return orderId;
}

// Each test hears only of its own shipments.
afterEach(() => graceOver());

const request = (
  account: TestAccount | null,
  method: 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) =>
  testApp.app.inject({
    method,
    url,
    headers: account ? asBearer(account) : {},
    ...(payload ? { payload } : {}),
  });

const ship = (account: TestAccount | null, orderId: string, tracking: Record<string, unknown> = {}) =>
  request(account, 'PATCH', `/api/sales/${orderId}/status`, { status: 'shipped', ...tracking });
const takeBack = (account: TestAccount | null, orderId: string) =>
  request(account, 'DELETE', `/api/sales/${orderId}/shipment`);
const retrack = (account: TestAccount | null, orderId: string, tracking: Record<string, unknown>) =>
  request(account, 'PATCH', `/api/sales/${orderId}/shipment`, tracking);

async function shipped(orderId: string, tracking: Record<string, unknown> = {}): Promise<Sale> {
  const response = await ship(mia, orderId, tracking);
  expect(response.statusCode, response.body).toBe(200);
  return SaleSchema.strict().parse(response.json());
}

/** The buyer's view of the order. */
async function buyersOrder(orderId: string) {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/orders', headers: asBearer(bea) });
  const order = OrderSchema.array()
    .parse(response.json())
    .find((one) => one._id === orderId);
  if (!order) throw new Error('the buyer does not see the order');
  return order;
}

/** Lets the held mails of the shipments go now, as if the grace period had passed, and waits until they went. */
async function graceOver() {
  await testApp.database.db
    .update(mailOutbox)
    .set({ nextAttemptAt: new Date() })
    .where(isNull(mailOutbox.sentAt));
  await outboxDrained(testApp.database.db);
}

describe('shipping with a carrier and a tracking number', () => {
  it('puts them on every line, builds a known carrier’s tracking page, and mails them to the buyer', async () => {
    const orderId = await newOrder();
    const sale = await shipped(orderId, { carrier: 'redx', trackingNumber: 'RX 42-7' });
    const tracking = {
      carrier: 'RedX',
      trackingNumber: 'RX 42-7',
      trackingUrl: 'https://redx.com.bd/track-parcel/?trackingId=RX%2042-7',
    };
    expect(sale.products).toMatchObject([{ status: 'shipped', ...tracking }]);
    expect(sale.takeBackUntil).not.toBeNull();
    expect((await buyersOrder(orderId)).products).toMatchObject([tracking]);

    const before = smtp.inbox.length;
    await graceOver();
    const [mail] = smtp.inbox.slice(before);
    expect(mail?.subject).toMatch(/: shipped$/);
    expect(mail?.body).toContain('Carrier: RedX');
    expect(mail?.body).toContain('Tracking number: RX 42-7');
    expect(mail?.body).toContain('Track your parcel: https://redx.com.bd/track-parcel/?trackingId=RX%2042-7');
  });

  it('keeps a given https tracking page, and leaves out what was not said', async () => {
    const sale = await shipped(await newOrder(), {
      carrier: 'Sundarban Courier',
      trackingUrl: 'https://track.example/p/9',
    });
    expect(sale.products).toMatchObject([
      { carrier: 'Sundarban Courier', trackingNumber: null, trackingUrl: 'https://track.example/p/9' },
    ]);
    const bare = await shipped(await newOrder());
    expect(bare.products).toMatchObject([{ carrier: null, trackingNumber: null, trackingUrl: null }]);
  });

  it('refuses a tracking page that is not https, and tracking with another move, in words a seller reads', async () => {
    const orderId = await newOrder();
    const notHttps = await ship(mia, orderId, { trackingUrl: 'http://track.example/1' });
    expect(notHttps.statusCode).toBe(400);
    expect(notHttps.json<ApiError>().details).toEqual([
      { path: 'trackingUrl', message: 'The tracking link must start with https://' },
    ]);
    const withCancel = await request(mia, 'PATCH', `/api/sales/${orderId}/status`, {
      status: 'cancelled',
      reason: 'Broken',
      trackingNumber: 'X1',
    });
    expect(withCancel.statusCode).toBe(400);
    expect(withCancel.json<ApiError>().details).toEqual([
      { path: 'trackingNumber', message: 'Tracking goes with a shipment only' },
    ]);
    expect((await buyersOrder(orderId)).products).toMatchObject([{ status: 'processing' }]);
  });
});

describe('taking back a shipment', () => {
  it('within the grace period puts the lines back to processing and the buyer is never mailed', async () => {
    const orderId = await newOrder();
    await shipped(orderId, { carrier: 'DHL Express', trackingNumber: '1234567890' });
    const response = await takeBack(mia, orderId);
    expect(response.statusCode, response.body).toBe(200);
    const sale = SaleSchema.strict().parse(response.json());
    expect(sale.status).toBe('processing');
    expect(sale.products).toMatchObject([{ status: 'processing', carrier: null, trackingNumber: null }]);
    expect(sale.takeBackUntil).toBeNull();
    const before = smtp.inbox.length;
    await graceOver();
    expect(smtp.inbox.slice(before)).toEqual([]);
    expect((await buyersOrder(orderId)).status).toBe('processing');
  });

  it('is refused (409) once the buyer’s mail went out, and the lines stay shipped', async () => {
    const orderId = await newOrder();
    await shipped(orderId, { carrier: 'FedEx', trackingNumber: '7777' });
    await graceOver();
    const response = await takeBack(mia, orderId);
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>().message).toBe(
      'The buyer has already been told this shipped: it can no longer be taken back. Correct its tracking instead.',
    );
    expect((await buyersOrder(orderId)).products).toMatchObject([{ status: 'shipped', carrier: 'FedEx' }]);
  });

  it('is refused (409) when nothing is shipped', async () => {
    const response = await takeBack(mia, await newOrder());
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>().message).toBe(
      'Nothing of yours in this order is shipped: it is processing.',
    );
  });
});

describe('correcting the tracking later', () => {
  it('rewrites the mail that still waits, so that the buyer hears only the right number', async () => {
    const orderId = await newOrder();
    await shipped(orderId, { carrier: 'UPS', trackingNumber: '1Z999' });
    const response = await retrack(mia, orderId, { carrier: 'UPS', trackingNumber: '1Z123' });
    expect(response.statusCode, response.body).toBe(200);
    expect(SaleSchema.parse(response.json()).products).toMatchObject([
      { trackingNumber: '1Z123', trackingUrl: 'https://www.ups.com/track?tracknum=1Z123' },
    ]);
    const before = smtp.inbox.length;
    await graceOver();
    const mails = smtp.inbox.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain('Tracking number: 1Z123');
    expect(mails[0]?.body).not.toContain('1Z999');
  });

  it('mails the buyer the correction once the shipment’s mail went out', async () => {
    const orderId = await newOrder();
    await shipped(orderId, { carrier: 'Steadfast', trackingNumber: 'SF1' });
    await graceOver();
    const response = await retrack(mia, orderId, { trackingNumber: 'SF2', carrier: 'Steadfast' });
    expect(response.statusCode, response.body).toBe(200);
    const before = smtp.inbox.length;
    await outboxDrained(testApp.database.db);
    const [mail] = smtp.inbox.slice(before);
    expect(mail?.subject).toMatch(/from Mia Mugs: new tracking$/);
    expect(mail?.body).toContain('Track your parcel: https://steadfast.com.bd/t/SF2');
    expect((await buyersOrder(orderId)).products).toMatchObject([{ trackingNumber: 'SF2' }]);
  });

  it('is refused (409) while nothing is shipped', async () => {
    const response = await retrack(mia, await newOrder(), { trackingNumber: 'SF3' });
    expect(response.statusCode).toBe(409);
  });
});

describe('who may take back or correct a shipment', () => {
  const routes = [
    { name: 'DELETE shipment', call: (account: TestAccount | null, id: string) => takeBack(account, id) },
    {
      name: 'PATCH shipment',
      call: (account: TestAccount | null, id: string) => retrack(account, id, { trackingNumber: 'AB1' }),
    },
  ];
  for (const { name, call } of routes) {
    it(`${name}: anonymous 401, a stranger 403, the seller and an admin 200`, async () => {
      const orderId = await newOrder();
      await shipped(orderId);
      expect((await call(null, orderId)).statusCode).toBe(401);
      expect((await call(otto, orderId)).statusCode).toBe(403);
      expect((await call(bea, orderId)).statusCode).toBe(403);
      expect((await call(mia, orderId)).statusCode).toBe(200);
      // Taken back, it is shipped again for the admin's turn.
      if (name === 'DELETE shipment') await shipped(orderId);
      expect((await call(admin, orderId)).statusCode).toBe(200);
    });
  }
});
