import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, type Order } from '@bazaar/shared/orders';
import type { Product } from '@bazaar/shared/products';
import { asBearer, type TestAccount } from '../../test/accounts.ts';
import { orderBody } from '../../test/order-fixtures.ts';
import {
  call,
  serverProcesses,
  signUpOver,
  withStoredDatabase,
  type ServerProcess,
} from '../../test/server-process.ts';
import { testEngine } from '../../test/test-database.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server.ts';

const ORDERS = 20;

const servers = serverProcesses();
let smtp: TestSmtpServer;
let buyer: TestAccount;
let orderNumbers: string[];

/** The buyer's order mails (their verification mail is not what this test counts). */
const orderMails = () => smtp.to(buyer.email).filter((mail) => mail.subject.startsWith('Your order'));
/** The seller's mails of the same orders. */
const saleMails = () => smtp.inbox.filter((mail) => mail.subject.startsWith('New sale'));

describe(`a server killed with SIGKILL before its mails were sent (${testEngine})`, () => {
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    const storage = await servers.storage();
    const env = {
      ...storage,
      PUBLIC_URL: 'http://shop.localhost',
      SMTP_URL: smtp.url,
      // The buyer signs in at registration: order mails, not registration, are under test here.
      REQUIRE_EMAIL_VERIFICATION: 'false',
      SEED_ON_START: 'true',
    };
    // The SMTP server refuses mail while the orders are placed: every mail is committed, none sent, at the kill.
    smtp.down();
    let server: ServerProcess = await servers.start(env);
    buyer = await signUpOver(server, 'mail-crash-buyer@bazaar.test');
    const [product] = (await call<Product[]>(server, 'GET', '/api/products?limit=1')).body;
    orderNumbers = [];
    for (let n = 0; n < ORDERS; n += 1) {
      const placed = await call<Order>(server, 'POST', '/api/orders', {
        headers: { ...asBearer(buyer), [IDEMPOTENCY_KEY_HEADER]: `mail-crash-${n}` },
        body: orderBody([product!._id]),
      });
      expect(placed.status, placed.text).toBe(201);
      orderNumbers.push(placed.body.number);
    }
    await server.kill('SIGKILL');
    // Time passes: the retry waits of the refused mail and any claim the killed process left on it (2 minutes)
    // run out, as they would while the server is down. The restarted server must then send each mail once.
    await withStoredDatabase(storage, ({ db }) =>
      db.execute(sql`update mail_outbox set next_attempt_at = least(next_attempt_at, now()),
        claimed_until = least(claimed_until, now()) where sent_at is null`),
    );
    smtp.up();
    server = await servers.start(env);
    await vi.waitFor(
      () => {
        expect(orderMails()).toHaveLength(ORDERS);
        expect(saleMails()).toHaveLength(ORDERS);
      },
      { timeout: 60_000, interval: 200 },
    );
    // A graceful stop finishes the round in flight: nothing is sent after this.
    await server.stop();
  }, 180_000);

  afterAll(() => smtp?.close());

  it("delivers each order's mail to the buyer once after the restart", () => {
    const subjects = orderMails().map((mail) => mail.subject);
    expect(subjects.sort()).toEqual(orderNumbers.map((number) => `Your order ${number} is placed`).sort());
  });

  it('sends no mail twice', () => {
    const ids = smtp.inbox.map((mail) => mail.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(smtp.inbox.length).toBeGreaterThanOrEqual(2 * ORDERS);
  });
});
