import { EventEmitter } from 'node:events';
import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
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
}

/** The outbox column of each field of a mail (every one is text). */
const outboxColumns = {
  kind: mailOutbox.kind,
  to: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  text: mailOutbox.textBody,
  html: mailOutbox.htmlBody,
} satisfies Record<keyof OutgoingMail, unknown>;

const fields = Object.keys(outboxColumns) as (keyof OutgoingMail)[];

/** A field of the mail being queued, for the conditions of `outboxInsert`. */
export const queuedMail = (field: keyof OutgoingMail) => sql`mail.${sql.identifier(field)}`;

/**
 * The INSERT that puts `mails` into the outbox (they travel as one JSON parameter, or a prepared statement's
 * placeholder for their JSON), run alone or as a data-modifying CTE of the caller's statement; only the mails
 * `where` holds for, when given.
 */
export function outboxInsert(mails: OutgoingMail[] | Placeholder, where?: SQL): SQL {
  const list = (each: (field: keyof OutgoingMail) => SQLWrapper) => sql.join(fields.map(each), sql`, `);
  const columns = list((field) => sql.identifier(outboxColumns[field].name));
  const fieldsAsText = list((field) => sql`${sql.identifier(field)} text`);
  return sql`insert into ${mailOutbox} (${columns})
    select ${list(queuedMail)}
    from jsonb_to_recordset(${Array.isArray(mails) ? JSON.stringify(mails) : mails}::jsonb) as mail(${fieldsAsText})
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
