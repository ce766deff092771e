import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { MailTransport } from './mail-transport.ts';
import { outboxEvents } from './outbox.ts';

export interface MailSenderTimings {
  /** How often the outbox is looked at when nothing told the sender of new mail. */
  pollMs: number;
  /** How long after this process queued mail the sender looks (the queuing transaction commits meanwhile). */
  wakeMs: number;
  /** The wait before the first retry of a failed mail; it doubles with each failure, up to `maxRetryMs`. */
  firstRetryMs: number;
  maxRetryMs: number;
  /** How long a claim keeps other senders off a batch; longer than its sends may take (`longestBatchMs`). */
  claimMs: number;
  batchSize: number;
  /** Sent mail is kept this long (to answer "did the mail go out?"), then deleted. */
  keepSentMs: number;
  /** How often the sender deletes sent mail older than `keepSentMs`. */
  pruneEveryMs: number;
}

export const defaultMailSenderTimings: MailSenderTimings = {
  pollMs: 5000,
  wakeMs: 100,
  firstRetryMs: 1000,
  maxRetryMs: 5 * 60_000,
  claimMs: 2 * 60_000,
  batchSize: 20,
  keepSentMs: 30 * 24 * 60 * 60_000,
  pruneEveryMs: 60 * 60_000,
};

type OutboxRow = typeof mailOutbox.$inferSelect;

/** After `attempts` failures: 1 s, 2 s, 4 s … (with the defaults), never more than the cap. */
export const retryDelayMs = (attempts: number, timings: MailSenderTimings) =>
  Math.min(timings.firstRetryMs * 2 ** (attempts - 1), timings.maxRetryMs);

const interval = (ms: number) => sql`now() + ${`${ms} milliseconds`}::interval`;

/**
 * Sends the outbox's due mails: each round claims a batch (due, unsent, unclaimed or with a claim run out) in one
 * statement, `FOR UPDATE SKIP LOCKED` so that senders in several processes on one database take different rows,
 * sends each and marks it sent, or schedules a retry with a growing delay.
 *
 * Delivery is at least once: a process killed after the SMTP server accepted a mail and before it was marked sent
 * leaves a claim that runs out, and the mail is sent again. Its Message-ID, made from the outbox id, is the same
 * both times, so that receivers can drop the duplicate.
 */
export function startMailSender(options: {
  db: Database;
  transport: MailTransport;
  from: string;
  /** The host part of Message-IDs (the shop's public host). */
  messageIdHost: string;
  log: FastifyBaseLogger;
  timings?: Partial<MailSenderTimings>;
}): { stop(): Promise<void> } {
  const { db, transport, log } = options;
  const timings = { ...defaultMailSenderTimings, ...options.timings };
  let stopped = false;
  let round: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let dueAt = 0;

  // Prepared once, as the two statements of every round: planning the claim cost more than running it.
  const claim = db
    .update(mailOutbox)
    .set({ claimedUntil: interval(timings.claimMs) })
    .where(
      inArray(
        mailOutbox.id,
        db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(
            and(
              isNull(mailOutbox.sentAt),
              lte(mailOutbox.nextAttemptAt, sql`now()`),
              or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, sql`now()`)),
            ),
          )
          .orderBy(asc(mailOutbox.nextAttemptAt))
          .limit(timings.batchSize)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning()
    .prepare('claim_mail');
  const markSent = db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, claimedUntil: null })
    .where(sql`${mailOutbox.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('mark_mail_sent');

  /** Sends one mail; true when it went, false when it is scheduled for another try. */
  async function deliver(mail: OutboxRow): Promise<boolean> {
    try {
      await transport.send({
        from: options.from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        messageId: `<${mail.id}@${options.messageIdHost}>`,
        date: mail.createdAt,
      });
    } catch (error) {
      const attempts = mail.attempts + 1;
      log.warn({ err: error, mail: mail.id, attempts }, 'mail not sent; it is tried again later');
      await db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: String((error as Error).message ?? error).slice(0, 1000),
          nextAttemptAt: interval(retryDelayMs(attempts, timings)),
          claimedUntil: null,
        })
        .where(eq(mailOutbox.id, mail.id));
      return false;
    }
    return true;
  }

  let prunedAt = 0;
  async function pruneSent() {
    if (Date.now() - prunedAt < timings.pruneEveryMs) return;
    prunedAt = Date.now();
    await db.delete(mailOutbox).where(lt(mailOutbox.sentAt, interval(-timings.keepSentMs)));
  }

  async function sendDue() {
    await pruneSent();
    for (;;) {
      const batch = await claim.execute();
      // In parallel, as the transport allows: the whole batch is done inside the claim (`longestBatchMs`).
      const went = await Promise.all(batch.map(deliver));
      // The batch's sent mails are marked in one statement: a statement per mail cost as much as an order's own.
      const sent = batch.filter((_, index) => went[index]).map((mail) => mail.id);
      if (sent.length > 0) await markSent.execute({ ids: sent });
      if (batch.length < timings.batchSize || stopped) return;
    }
  }

  /** Runs a round in `ms`, unless one is due sooner already. */
  function schedule(ms: number) {
    if (stopped || (timer && dueAt <= Date.now() + ms)) return;
    clearTimeout(timer);
    dueAt = Date.now() + ms;
    timer = setTimeout(() => {
      timer = undefined;
      run();
    }, ms);
  }

  function run() {
    if (round) {
      again = true;
      return;
    }
    round = sendDue()
      .catch((error: unknown) => log.error({ err: error }, 'the mail sender failed; it tries again later'))
      .finally(() => {
        round = undefined;
        if (again) {
          again = false;
          schedule(0);
        } else {
          schedule(timings.pollMs);
        }
      });
  }

  const wake = () => schedule(timings.wakeMs);
  outboxEvents.on('queued', wake);
  schedule(0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      outboxEvents.off('queued', wake);
      await round;
      transport.close();
    },
  };
}
