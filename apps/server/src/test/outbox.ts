import { and, desc, eq, isNull } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { mailBody, queueMail, type OutgoingMail } from '../modules/mail/mail.module.ts';
import { TEST_PUBLIC_URL } from './test-app.ts';

/** A mail as the shop writes them, of kind `test`, headed by its subject. */
export const testMail = (to: string, subject: string): OutgoingMail => ({
  kind: 'test',
  to,
  subject,
  ...mailBody({
    heading: subject,
    paragraphs: ['Hello.'],
    action: { label: 'See your orders', url: `${TEST_PUBLIC_URL}/dashboard/orders` },
  }),
});

/** Queues `count` test mails, to `<name>-<i>@bazaar.test`, with `name` as their subject. */
export const queueTestMails = (db: Database, count: number, name: string) =>
  queueMail(
    db,
    Array.from({ length: count }, (_, i) => testMail(`${name}-${i}@bazaar.test`, name)),
  );

/** The latest mail of `kind` queued to `to`, with the link its text carries; undefined when there is none. */
export async function latestMail(db: Database, to: string, kind: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!mail) return undefined;
  const link = /https?:\/\/\S+/.exec(mail.textBody)?.[0];
  return { ...mail, link: link ? new URL(link) : undefined };
}

/** How many mails of `kind` were queued to `to`. */
export async function mailCount(db: Database, to: string, kind: string): Promise<number> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)));
  return rows.length;
}

/** Waits until `db`'s outbox has no unsent mail. */
export const outboxDrained = (db: Database) =>
  vi.waitFor(
    async () => expect(await db.select().from(mailOutbox).where(isNull(mailOutbox.sentAt))).toEqual([]),
    { timeout: 60_000, interval: 50 },
  );
