import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asBearer, signUp, signUpAdmin, type TestAccount } from '../../test/accounts.ts';
import { changeStatus, orderBody, placeOrder } from '../../test/order-fixtures.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app.ts';
import { outboxDrained } from '../../test/outbox.ts';
import { FAST_MAIL_SENDER, startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server.ts';

let smtp: TestSmtpServer;
let testApp: TestApp;
let buyer: TestAccount;
let quiet: TestAccount;
let potter: TestAccount;
let weaver: TestAccount;
let admin: TestAccount;
let vase: string;
let rug: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // The accounts sign in at registration: shop mails, not registration, are under test here.
  testApp = await createTestApp(
    { SMTP_URL: smtp.url, REQUIRE_EMAIL_VERIFICATION: 'false' },
    { mailSender: FAST_MAIL_SENDER },
  );
  const { app } = testApp;
  buyer = await signUp(app, 'mail-buyer@bazaar.test', 'Bea Buyer');
  quiet = await signUp(app, 'mail-quiet@bazaar.test', 'Quinn Quiet');
  potter = await signUp(app, 'mail-potter@bazaar.test', 'Pat Potter');
  weaver = await signUp(app, 'mail-weaver@bazaar.test', 'Wes Weaver');
  admin = await signUpAdmin(testApp);
  const [vaseRow, rugRow] = await insertProducts(testApp.database.db, [
    productRow({ name: 'Blue vase', priceCents: 2500, sellerId: potter.id }),
    productRow({ name: 'Wool rug', priceCents: 12000, sellerId: weaver.id }),
  ]);
  vase = vaseRow!.id;
  rug = rugRow!.id;
  // The registrations' verification mails are not what these tests count.
  await outboxDrained(testApp.database.db);
  smtp.forget();
});

afterAll(async () => {
  await testApp?.close();
  await smtp?.close();
});

/** Waits until the sender has sent every queued mail, then answers the mails received since `from`. */
async function mailsSince(from: number) {
  await outboxDrained(testApp.database.db);
  return smtp.inbox.slice(from).map(({ to, subject, body }) => ({ to, subject, body }));
}

/** The order's id and its number, which mails name it by. */
const numbers = new Map<string, string>();

async function placed(account: TestAccount, productIds: string[], quantities: number[] = []) {
  const response = await placeOrder(testApp.app, account, orderBody(productIds, quantities));
  expect(response.statusCode, response.body).toBe(201);
  const { _id, number } = response.json<{ _id: string; number: string }>();
  numbers.set(_id, number);
  return _id;
}

/** An order whose mails have gone out already. */
async function placedAndMailed(account: TestAccount, productIds: string[]) {
  const orderId = await placed(account, productIds);
  await mailsSince(smtp.inbox.length);
  return orderId;
}

const changeSaleStatus = (account: TestAccount, orderId: string, status: string) =>
  testApp.app.inject({
    method: 'PATCH',
    url: `/api/sales/${orderId}/status`,
    headers: asBearer(account),
    payload: { status },
  });

describe('an order placed', () => {
  it('mails the buyer the whole order and each seller their own lines, once', async () => {
    const start = smtp.inbox.length;
    const orderId = await placed(buyer, [vase, rug], [2, 1]);
    const mails = await mailsSince(start);
    const reference = numbers.get(orderId);
    expect(
      mails.map(({ to, subject }) => ({ to, subject })).sort((a, b) => a.to.localeCompare(b.to)),
    ).toEqual([
      { to: buyer.email, subject: `Your order ${reference} is placed` },
      { to: potter.email, subject: `New sale: order ${reference}` },
      { to: weaver.email, subject: `New sale: order ${reference}` },
    ]);
    const mailTo = (email: string) => mails.find((mail) => mail.to === email)!.body;
    expect(mailTo(buyer.email)).toContain('2 × Blue vase: $50.00');
    expect(mailTo(buyer.email)).toContain('1 × Wool rug: $120.00');
    // Each seller's $10.00 of shipping.
    expect(mailTo(buyer.email)).toContain('Subtotal: $170.00. Shipping: $20.00.');
    expect(mailTo(buyer.email)).toContain('Total: $190.00');
    expect(mailTo(buyer.email)).toContain('1 High Street, London');
    expect(mailTo(buyer.email)).toContain('payment: cash on delivery');
    expect(mailTo(buyer.email)).toContain(`${TEST_PUBLIC_URL}/dashboard/orders`);
    expect(mailTo(potter.email)).toContain('2 × Blue vase: $50.00');
    expect(mailTo(potter.email)).not.toContain('Wool rug');
    expect(mailTo(potter.email)).toContain('Your part: $60.00 (shipping $10.00).');
    expect(mailTo(potter.email)).toContain(`${TEST_PUBLIC_URL}/dashboard/sales`);
    expect(mailTo(weaver.email)).not.toContain('Blue vase');
  });

  it('is mailed once when the client submits it again with its idempotency key', async () => {
    const start = smtp.inbox.length;
    for (let i = 0; i < 2; i += 1) {
      const response = await placeOrder(testApp.app, buyer, orderBody([vase]), 'mail-replay');
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
    expect((await mailsSince(start)).map((mail) => mail.to).sort()).toEqual([buyer.email, potter.email]);
  });
});

describe('a status change', () => {
  it("tells the buyer the new status of the seller's part", async () => {
    const orderId = await placedAndMailed(buyer, [vase, rug]);
    const start = smtp.inbox.length;
    const shipped = await changeSaleStatus(potter, orderId, 'shipped');
    expect(shipped.statusCode, shipped.body).toBe(200);
    const mails = await mailsSince(start);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: buyer.email,
      subject: `Your order ${numbers.get(orderId)} from Pat Potter: shipped`,
    });
    expect(mails[0]!.body).toContain('Blue vase');
    expect(mails[0]!.body).not.toContain('Wool rug');
    expect(mails[0]!.body).toContain(`${TEST_PUBLIC_URL}/dashboard/orders`);
  });

  it("tells the buyer who cancelled the seller's part, and why", async () => {
    const orderId = await placedAndMailed(buyer, [vase, rug]);
    const start = smtp.inbox.length;
    const cancelled = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/sales/${orderId}/status`,
      headers: asBearer(potter),
      payload: { status: 'cancelled', reason: 'The vase cracked in the kiln' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const mails = await mailsSince(start);
    expect(mails.map(({ to, subject }) => ({ to, subject }))).toEqual([
      { to: buyer.email, subject: `Your order ${numbers.get(orderId)} from Pat Potter: cancelled` },
    ]);
    expect(mails[0]!.body).toContain('Pat Potter cancelled these.');
    expect(mails[0]!.body).toContain('Reason: The vase cracked in the kiln');
    expect(mails[0]!.body).toContain('Nothing is due for these.');
    expect(mails[0]!.body).not.toContain('Wool rug');
  });

  it("tells the sellers, not the buyer, of the buyer's own cancellation", async () => {
    const orderId = await placedAndMailed(buyer, [vase, rug]);
    const start = smtp.inbox.length;
    const cancelled = await changeStatus(testApp.app, buyer, orderId, 'cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const mails = await mailsSince(start);
    expect(mails.map((mail) => mail.to).sort()).toEqual([potter.email, weaver.email]);
    for (const mail of mails)
      expect(mail.subject).toBe(`Order ${numbers.get(orderId)} was cancelled by the buyer`);
  });

  it("tells the buyer of an admin's move, one mail per seller's part", async () => {
    const orderId = await placedAndMailed(buyer, [vase, rug]);
    const start = smtp.inbox.length;
    const shipped = await changeStatus(testApp.app, admin, orderId, 'shipped');
    expect(shipped.statusCode, shipped.body).toBe(200);
    const subjects = (await mailsSince(start)).map((mail) => `${mail.to} ${mail.subject}`).sort();
    const reference = numbers.get(orderId);
    expect(subjects).toEqual([
      `${buyer.email} Your order ${reference} from Pat Potter: shipped`,
      `${buyer.email} Your order ${reference} from Wes Weaver: shipped`,
    ]);
  });
});

describe('a review', () => {
  it("mails the product's seller, with a link to the product", async () => {
    const orderId = await placed(buyer, [rug]);
    for (const status of ['shipped', 'delivered']) {
      expect((await changeSaleStatus(weaver, orderId, status)).statusCode).toBe(200);
    }
    const start = smtp.inbox.length;
    await mailsSince(start);
    const from = smtp.inbox.length;
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/products/${rug}/reviews`,
      headers: asBearer(buyer),
      payload: { rating: 4, text: 'Warm and soft' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mails = await mailsSince(from);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: weaver.email, subject: 'New review of Wool rug: 4/5' });
    expect(mails[0]!.body).toContain('Warm and soft');
    expect(mails[0]!.body).toContain(`${TEST_PUBLIC_URL}/product/${rug}`);
  });
});

describe('a user who turned shop mails off', () => {
  it('gets none; the others still get theirs', async () => {
    const off = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/users/${quiet.email}`,
      headers: asBearer(quiet),
      payload: { shopMails: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const start = smtp.inbox.length;
    const orderId = await placed(quiet, [vase]);
    expect((await changeSaleStatus(potter, orderId, 'shipped')).statusCode).toBe(200);
    const mails = await mailsSince(start);
    expect(mails.map((mail) => mail.to)).toEqual([potter.email]);
  });
});
