import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { OrderSchema } from '@bazaar/shared/orders';
import { mailOutbox, orderLines } from '../../db/schema.ts';
import { asBearer, signUp, signUpAdmin, type TestAccount } from '../../test/accounts.ts';
import { orderBody, placeOrder } from '../../test/order-fixtures.ts';
import { outboxDrained } from '../../test/outbox.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { FAST_MAIL_SENDER, startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server.ts';
import { outboxEvents } from '../mail/mail.module.ts';

// PostgreSQL only: PGlite runs one statement at a time, so nothing there races.
const ROUNDS = 6;
let smtp: TestSmtpServer;
let testApp: TestApp;
let bea: TestAccount;
let mia: TestAccount;
let admin: TestAccount;
let mug: string;

describe.runIf(testEngine === 'postgres')('taking back a shipment at once with something else', () => {
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    testApp = await createTestApp(
      { SMTP_URL: smtp.url, REQUIRE_EMAIL_VERIFICATION: 'false', SHIPPING_GRACE_SECONDS: '600' },
      { mailSender: FAST_MAIL_SENDER },
    );
    bea = await signUp(testApp.app, 'bea-race-ship@bazaar.test', 'Bea Buyer');
    mia = await signUp(testApp.app, 'mia-race-ship@bazaar.test', 'Mia Mugs');
    admin = await signUpAdmin(testApp);
    const [mugRow] = await insertProducts(testApp.database.db, [
      productRow({ name: 'Mug', priceCents: 1000, sellerId: mia.id }),
    ]);
    mug = mugRow!.id;
  });

  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  async function shippedOrder(): Promise<{ id: string; number: string }> {
    const placed = await placeOrder(testApp.app, bea, orderBody([mug]));
    const { _id: id, number } = OrderSchema.parse(placed.json());
    const shipped = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/sales/${id}/status`,
      headers: asBearer(mia),
      payload: { status: 'shipped', carrier: 'RedX', trackingNumber: `RX${number}` },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    return { id, number };
  }

  const takeBack = (account: TestAccount, id: string) =>
    testApp.app.inject({ method: 'DELETE', url: `/api/sales/${id}/shipment`, headers: asBearer(account) });

  const lineStatus = async (id: string) =>
    (await testApp.database.db.select().from(orderLines).where(eq(orderLines.orderId, id)))[0]?.status;

  it('either withdraws the mail the sender was about to send, or is refused because it went', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { id, number } = await shippedOrder();
      // The grace period is over for the mail, not yet for the seller: the sender and the seller go at once.
      await testApp.database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date() })
        .where(like(mailOutbox.holdKey, `shipped:${id}:%`));
      outboxEvents.emit('queued');
      const answer = await takeBack(mia, id);
      await outboxDrained(testApp.database.db);
      const mailed = smtp.inbox.some(
        (mail) => mail.subject === `Your order ${number} from Mia Mugs: shipped`,
      );
      if (answer.statusCode === 200) {
        expect(mailed, `round ${round}: taken back, yet mailed`).toBe(false);
        expect(await lineStatus(id)).toBe('processing');
      } else {
        expect(answer.statusCode, answer.body).toBe(409);
        expect(mailed, `round ${round}: refused, yet not mailed`).toBe(true);
        expect(await lineStatus(id)).toBe('shipped');
      }
    }
  });

  it('takes a shipment back once when the seller and an admin both do', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { id } = await shippedOrder();
      const answers = await Promise.all([takeBack(mia, id), takeBack(admin, id)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(await lineStatus(id)).toBe('processing');
    }
  });

  it('lets either the delivery or the taking back happen, never both', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { id } = await shippedOrder();
      const [back, delivered] = await Promise.all([
        takeBack(mia, id),
        testApp.app.inject({
          method: 'PATCH',
          url: `/api/sales/${id}/status`,
          headers: asBearer(mia),
          payload: { status: 'delivered' },
        }),
      ]);
      expect([back.statusCode, delivered.statusCode].sort()).toEqual([200, 409]);
      expect(await lineStatus(id)).toBe(back.statusCode === 200 ? 'processing' : 'delivered');
    }
  });
});
