import { EventEmitter } from 'node:events';
import { inArray, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

/** Told when this process queued mail, so that its sender looks soon rather than at its next round. */
export const outboxEvents = new EventEmitter<{ queued: [] }>();

/** A mail ready to be sent: its kind (what caused it), recipient, subject, and plain-text and HTML bodies. */
export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A mail held back: not tried before `seconds` from now, and withdrawable until then by its `key` (holdKey). */
  hold?: { key: string; seconds: number };
}

/** The outbox column of each field of a mail (every one is text). */
const outboxColumns = {
  kind: mailOutbox.kind,
  to: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  text: mailOutbox.textBody,
  html: mailOutbox.htmlBody,
} satisfies Record<Exclude<keyof OutgoingMail, 'hold'>, unknown>;

type TextField = keyof typeof outboxColumns;
const fields = Object.keys(outboxColumns) as TextField[];

/** A field of the mail being queued, for the conditions of `outboxInsert`. */
export const queuedMail = (field: TextField) => sql`mail.${sql.identifier(field)}`;

/**
 * The INSERT that puts `mails` into the outbox (they travel as one JSON parameter, or a prepared statement's
 * placeholder for their JSON), run alone or as a data-modifying CTE of the caller's statement; only the mails
 * `where` holds for, when given.
 */
export function outboxInsert(mails: OutgoingMail[] | Placeholder, where?: SQL): SQL {
  const list = (each: (field: TextField) => SQLWrapper) => sql.join(fields.map(each), sql`, `);
  const columns = list((field) => sql.identifier(outboxColumns[field].name));
  const fieldsAsText = list((field) => sql`${sql.identifier(field)} text`);
  return sql`insert into ${mailOutbox} (${columns}, ${sql.identifier(mailOutbox.holdKey.name)},
      ${sql.identifier(mailOutbox.nextAttemptAt.name)})
    select ${list(queuedMail)}, mail.hold ->> 'key',
      now() + coalesce((mail.hold ->> 'seconds')::float8, 0) * interval '1 second'
    from jsonb_to_recordset(${Array.isArray(mails) ? JSON.stringify(mails) : mails}::jsonb)
      as mail(${fieldsAsText}, hold jsonb)
    ${where === undefined ? sql`` : sql`where ${where}`}`;
}

/**
 * Puts mails into the outbox, those `where` holds for when given. Pass the transaction of the action that causes
 * them: they are sent only if it commits, and are not lost if the server stops before sending them.
 */
export async function queueMail(
  db: Pick<Database, 'execute'>,
  mails: OutgoingMail[],
  where?: SQL,
): Promise<void> {
  if (mails.length === 0) return;
  await db.execute(outboxInsert(mails, where));
  outboxEvents.emit('queued');
}

/** The held mails with these keys, locked: a sender claiming one of them waits, or has claimed it already. */
function lockHeld(db: Database, keys: string[]) {
  return db
    .select({
      id: mailOutbox.id,
      told: sql<boolean>`(${mailOutbox.sentAt} is not null or ${mailOutbox.claimedUntil} is not null
        or ${mailOutbox.attempts} > 0)`,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.holdKey, keys))
    .for('update');
}

/**
 * Withdraws the held mails with these keys (in the caller's transaction), unless one of them may have reached its
 * recipient (sent, or a sender took it): then nothing is withdrawn and the answer is false.
 */
export async function withdrawHeldMails(db: Database, keys: string[]): Promise<boolean> {
  if (keys.length === 0) return true;
  const held = await lockHeld(db, keys);
  if (held.some((mail) => mail.told)) return false;
  if (held.length > 0) {
    await db.delete(mailOutbox).where(
      inArray(
        mailOutbox.id,
        held.map((mail) => mail.id),
      ),
    );
  }
  return true;
}

/**
 * Puts new words into the held mail with `key`, keeping when it goes, while no sender took it; false when there is
 * no such mail waiting.
 */
export async function rewriteHeldMail(
  db: Database,
  key: string,
  mail: Pick<OutgoingMail, 'subject' | 'text' | 'html'>,
): Promise<boolean> {
  const waiting = (await lockHeld(db, [key])).filter((held) => !held.told);
  if (waiting.length === 0) return false;
  await db
    .update(mailOutbox)
    .set({ subject: mail.subject, textBody: mail.text, htmlBody: mail.html })
    .where(
      inArray(
        mailOutbox.id,
        waiting.map((held) => held.id),
      ),
    );
  return true;
}
