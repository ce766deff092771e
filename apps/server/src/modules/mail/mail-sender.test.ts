import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app.ts';
import { outboxDrained, testMail } from '../../test/outbox.ts';
import { FAST_MAIL_SENDER, startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server.ts';
import { defaultMailSenderTimings, retryDelayMs } from './mail-sender.ts';
import { queueMail } from './mail.module.ts';
import { longestBatchMs } from './mail-transport.ts';

describe('retry delays', () => {
  it('double from one second and stop growing at five minutes', () => {
    const delays = [1, 2, 3, 4, 12].map((attempts) => retryDelayMs(attempts, defaultMailSenderTimings));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 300_000]);
  });
});

describe('a claim', () => {
  it('outlasts a batch sent to an SMTP server that stalls at every step', () => {
    const { claimMs, batchSize } = defaultMailSenderTimings;
    expect(longestBatchMs(batchSize)).toBe(100_000);
    expect(claimMs).toBeGreaterThan(longestBatchMs(batchSize));
  });
});

describe('the mail sender with SMTP_URL', () => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    testApp = await createTestApp(
      { SMTP_URL: smtp.url, MAIL_FROM: 'Bazaar <shop@bazaar.test>' },
      { mailSender: FAST_MAIL_SENDER },
    );
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  it('delivers a queued mail once, from MAIL_FROM, with a text and an HTML part and a Message-ID from its outbox id', async () => {
    await queueMail(testApp.database.db, [testMail('one@bazaar.test', 'First mail')]);
    await outboxDrained(testApp.database.db);
    expect(smtp.to('one@bazaar.test')).toHaveLength(1);
    const [received] = smtp.to('one@bazaar.test');
    const [row] = await testApp.database.db.select().from(mailOutbox);
    expect(received).toMatchObject({ subject: 'First mail', messageId: `<${row!.id}@shop.bazaar.test>` });
    expect(received!.body).toContain('From: Bazaar <shop@bazaar.test>');
    expect(received!.body).toContain('Content-Type: text/plain');
    expect(received!.body).toContain('Content-Type: text/html');
    expect(received!.body).toContain(`${TEST_PUBLIC_URL}/dashboard/orders`);
    expect(row!.sentAt).not.toBeNull();
  });

  it('keeps mail while the SMTP server refuses it, then delivers each once', async () => {
    smtp.down();
    const addresses = Array.from({ length: 30 }, (_, i) => `down-${i}@bazaar.test`);
    await queueMail(
      testApp.database.db,
      addresses.map((to) => testMail(to, 'While down')),
    );
    await vi.waitFor(
      async () => {
        const rows = await testApp.database.db.select().from(mailOutbox).where(isNull(mailOutbox.sentAt));
        expect(rows).toHaveLength(30);
        expect(rows.every((row) => row.attempts >= 2 && row.lastError)).toBe(true);
      },
      { timeout: 20_000, interval: 100 },
    );
    smtp.up();
    await vi.waitFor(() => expect(smtp.inbox.filter((one) => one.to.startsWith('down-'))).toHaveLength(30), {
      timeout: 20_000,
      interval: 100,
    });
    const received = smtp.inbox.filter((one) => one.to.startsWith('down-'));
    expect(new Set(received.map((one) => one.messageId)).size).toBe(30);
    expect(received.map((one) => one.to).sort()).toEqual([...addresses].sort());
  });
});

describe('the mail sender without SMTP_URL', () => {
  let dataDir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'bazaar-mail-'));
    testApp = await createTestApp({ DATA_DIR: dataDir }, { mailSender: FAST_MAIL_SENDER });
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes each mail as an .eml file into $DATA_DIR/outbox', async () => {
    await queueMail(testApp.database.db, [testMail('dev@bazaar.test', 'Open me')]);
    const outbox = join(dataDir, 'outbox');
    const files = await vi.waitFor(
      async () => {
        const names = await readdir(outbox);
        expect(names).toHaveLength(1);
        return names;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(files[0]).toMatch(/\.eml$/);
    const message = await readFile(join(outbox, files[0]!), 'utf8');
    expect(message).toContain('To: dev@bazaar.test');
    expect(message).toContain('Subject: Open me');
    expect(message).toContain('From: Bazaar <no-reply@shop.bazaar.test>');
  });

  it('deletes sent mail once it is older than the time it is kept (30 days)', async () => {
    const { db } = testApp.database;
    const addresses = ['old@bazaar.test', 'recent@bazaar.test'];
    await queueMail(
      db,
      addresses.map((to) => testMail(to, 'Kept a while')),
    );
    await outboxDrained(db);
    const sentAgo = (days: number, to: string) =>
      db
        .update(mailOutbox)
        .set({ sentAt: sql`now() - ${`${days} days`}::interval` })
        .where(eq(mailOutbox.toAddress, to));
    await sentAgo(31, 'old@bazaar.test');
    await sentAgo(29, 'recent@bazaar.test');
    await vi.waitFor(
      async () => {
        const rows = await db
          .select({ to: mailOutbox.toAddress })
          .from(mailOutbox)
          .where(inArray(mailOutbox.toAddress, addresses));
        expect(rows).toEqual([{ to: 'recent@bazaar.test' }]);
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});
