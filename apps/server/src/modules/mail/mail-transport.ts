import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import { envelopeAddresses, mimeMessage, type MimeMail } from './mime-message.ts';

/** Delivers one mail; throws when it was not accepted. */
export interface MailTransport {
  send(mail: MimeMail): Promise<void>;
  close(): void;
}

/** Connections to the SMTP server at most; the mails of a batch wait their turn for one. */
export const SMTP_CONNECTIONS = 5;

/** How long the SMTP server may take to accept a connection, to greet, and to answer once connected. */
const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 20_000 };

/**
 * The longest a batch of `size` mails can take when the SMTP server stalls at every step: a connection, its
 * greeting, then the batch's mails in turn on each connection. The sender's claim must outlast it.
 */
export const longestBatchMs = (size: number) =>
  SMTP_TIMEOUTS_MS.connection +
  SMTP_TIMEOUTS_MS.greeting +
  Math.ceil(size / SMTP_CONNECTIONS) * SMTP_TIMEOUTS_MS.socket;

/**
 * An SMTP server's transport: a few connections kept open and reused for many mails (a connection and greeting per
 * mail cost as much as the mail), each step bounded by `SMTP_TIMEOUTS_MS` (`longestBatchMs`).
 */
function smtpTransport(url: string): MailTransport {
  const transport = createTransport({
    url,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: SMTP_TIMEOUTS_MS.connection,
    greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
    socketTimeout: SMTP_TIMEOUTS_MS.socket,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        envelope: { from: envelopeAddresses(mail.from)[0], to: envelopeAddresses(mail.to) },
        raw: mimeMessage(mail),
      });
    },
    close: () => transport.close(),
  };
}

/**
 * Without an SMTP server (development): each mail is logged and written as `<time>-<id>.eml` into `outboxDir`,
 * where a developer opens it with a mail program.
 */
function fileTransport(outboxDir: string, log: FastifyBaseLogger): MailTransport {
  return {
    async send(mail) {
      const message = mimeMessage(mail);
      const id = mail.messageId.replace(/[^\w.-]/g, '');
      const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
      try {
        await writeFile(file, message);
      } catch (error) {
        // The folder is made when the first mail finds it missing, not before every mail.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await mkdir(outboxDir, { recursive: true });
        await writeFile(file, message);
      }
      log.info(
        { to: mail.to, subject: mail.subject, file },
        'mail written to the outbox folder (no SMTP_URL)',
      );
    },
    close: () => {},
  };
}

export function createMailTransport(options: {
  smtpUrl: string | undefined;
  outboxDir: string;
  log: FastifyBaseLogger;
}): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl) : fileTransport(options.outboxDir, options.log);
}
