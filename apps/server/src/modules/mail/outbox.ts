import { EventEmitter } from 'node:events';
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

/**
 * Puts mails into the outbox. Pass the transaction of the action that causes them: they are sent only if it
 * commits, and are not lost if the server stops before sending them.
 */
export async function queueMail(db: Pick<Database, 'insert'>, mails: OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(mailOutbox).values(
    mails.map((mail) => ({
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    })),
  );
  outboxEvents.emit('queued');
}
