import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { startMailSender, type MailSenderTimings } from './mail-sender.ts';
import { createMailTransport } from './mail-transport.ts';

// What other modules may use of mail: queue a mail in their own transaction, in the shop's layout.
export { outboxEvents, queueMail, rewriteHeldMail, withdrawHeldMails, type OutgoingMail } from './outbox.ts';
export { mailBody, type MailContent } from './layout.ts';
export type { MailSenderTimings } from './mail-sender.ts';
export {
  orderPlacedMails,
  paymentMail,
  queueShopMails,
  reviewMail,
  saleCancelledMails,
  shopMailsInsert,
  statusChangedMail,
  type MailedLine,
  type MailedTracking,
  type PaymentNews,
} from './shop-mails.ts';

/** Starts this process's mail sender, which stops when the app begins to close. */
export function registerMailSender(
  app: FastifyInstance,
  options: { db: Database; env: Env; timings?: Partial<MailSenderTimings> | undefined },
): void {
  const { db, env } = options;
  const sender = startMailSender({
    db,
    transport: createMailTransport({
      smtpUrl: env.SMTP_URL,
      outboxDir: join(env.DATA_DIR, 'outbox'),
      log: app.log,
    }),
    from: env.MAIL_FROM,
    messageIdHost: new URL(env.PUBLIC_URL).hostname,
    log: app.log,
    timings: options.timings,
  });
  // Before the onClose hooks, one of which closes the database: the round in flight still marks what it sent. Mail
  // queued by requests that finish after this waits in the outbox for the next start or another process.
  app.addHook('preClose', () => sender.stop());
}
