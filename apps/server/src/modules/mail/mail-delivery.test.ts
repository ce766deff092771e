import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { signUp } from '../../test/accounts.ts';
import { orderBody, placeOrder } from '../../test/order-fixtures.ts';
import { insertProducts, productRow } from '../../test/product-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createPostgresDatabase, testEngine } from '../../test/test-database.ts';
import { outboxDrained, queueTestMails } from '../../test/outbox.ts';
import { FAST_MAIL_SENDER, startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server.ts';
import { SMTP_CONNECTIONS } from './mail-transport.ts';

const messageIds = (smtp: TestSmtpServer) => smtp.inbox.map((mail) => mail.messageId);

/** Queues `count` mails, to `<name>-<n>@bazaar.test`. */
describe('a burst of 50 orders while the SMTP server is down', () => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    // The accounts sign in at registration: order mails, not registration, are under test here.
    testApp = await createTestApp(
      { SMTP_URL: smtp.url, REQUIRE_EMAIL_VERIFICATION: 'false' },
      { mailSender: FAST_MAIL_SENDER },
    );
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  it('delivers every mail once the server is up again', async () => {
    const { app, database } = testApp;
    const buyer = await signUp(app, 'burst-buyer@bazaar.test');
    const seller = await signUp(app, 'burst-seller@bazaar.test');
    const [product] = await insertProducts(database.db, [productRow({ sellerId: seller.id })]);
    // Their registrations' verification mails are not what this test counts.
    await outboxDrained(database.db);
    smtp.forget();
    smtp.down();
    const placed = await Promise.all(
      Array.from({ length: 50 }, () => placeOrder(app, buyer, orderBody([product!.id]))),
    );
    expect(placed.map((response) => response.statusCode)).toEqual(Array(50).fill(201));
    // Every mail has been tried and refused at least once before the server comes back.
    await vi.waitFor(
      async () => {
        const [untried] = await database.db
          .select({ count: sql<number>`count(*)::int` })
          .from(mailOutbox)
          .where(and(isNull(mailOutbox.sentAt), eq(mailOutbox.attempts, 0)));
        expect(untried!.count).toBe(0);
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(smtp.inbox).toEqual([]);
    smtp.up();
    await outboxDrained(database.db);
    expect(smtp.to(buyer.email)).toHaveLength(50);
    expect(smtp.to(seller.email)).toHaveLength(50);
    expect(new Set(messageIds(smtp)).size).toBe(100);
    const orderNumbers = placed.map((response) => response.json<{ number: string }>().number);
    expect(
      smtp
        .to(buyer.email)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(orderNumbers.map((number) => `Your order ${number} is placed`).sort());
  });
});

describe('a burst of mail', () => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    testApp = await createTestApp({ SMTP_URL: smtp.url }, { mailSender: FAST_MAIL_SENDER });
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  it(`reaches the SMTP server over at most ${SMTP_CONNECTIONS} connections`, async () => {
    const { db } = testApp.database;
    await queueTestMails(db, 60, 'many');
    await outboxDrained(db);
    expect(new Set(messageIds(smtp)).size).toBe(60);
    expect(smtp.connections()).toBeLessThanOrEqual(SMTP_CONNECTIONS);
  });
});

// Several processes share one outbox only on PostgreSQL: a PGlite data directory belongs to one process.
describe.runIf(testEngine === 'postgres')('two servers on one PostgreSQL database', () => {
  let smtp: TestSmtpServer;
  let drop = async () => {};
  const servers: TestApp[] = [];
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    const postgres = await createPostgresDatabase({ migrated: true });
    drop = postgres.drop;
    for (let i = 0; i < 2; i += 1) {
      const database = await openDatabase({ databaseUrl: postgres.url, poolSize: 4 });
      await database.migrate();
      // Small batches, so that the two senders' claims interleave.
      servers.push(
        await createTestApp(
          { SMTP_URL: smtp.url },
          { database, mailSender: { ...FAST_MAIL_SENDER, batchSize: 3 } },
        ),
      );
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await drop();
    await smtp?.close();
  });

  it('send each mail of one outbox once between them', async () => {
    const db = servers[0]!.database.db;
    await queueTestMails(db, 120, 'shared');
    await outboxDrained(db);
    expect(smtp.inbox).toHaveLength(120);
    expect(new Set(messageIds(smtp)).size).toBe(120);
  });
});
