import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';

/** Delivers one built message; throws when it was not accepted. */
export interface MailTransport {
  send(message: Mail.Options): Promise<void>;
  close(): void;
}

/** Connections to the SMTP server at most; the mails of a batch wait their turn for one. */
export const SMTP_CONNECTIONS = 5;

/**
 * An SMTP server's transport: a few connections kept open and reused for many mails (a connection and greeting per
 * mail cost as much as the mail). The server must answer within these times, so that a batch is done inside the
 * sender's 2-minute claim even when the server stalls: a batch of 20 is 4 mails in turn on each of 5 connections,
 * at most 10 + 10 + 4 × 20 = 100 s.
 */
function smtpTransport(url: string): MailTransport {
  const transport = createTransport({
    url,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message) {
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}

/**
 * Without an SMTP server (development): each mail is logged and written as `<time>-<id>.eml` into `outboxDir`,
 * where a developer opens it with a mail program.
 */
function fileTransport(outboxDir: string, log: FastifyBaseLogger): MailTransport {
  const builder = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const built = await builder.sendMail(message);
      const id = String(message.messageId).replace(/[^\w.-]/g, '');
      const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
      try {
        await writeFile(file, built.message as Buffer);
      } catch (error) {
        // The folder is made when the first mail finds it missing, not before every mail.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await mkdir(outboxDir, { recursive: true });
        await writeFile(file, built.message as Buffer);
      }
      log.info(
        { to: message.to, subject: message.subject, file },
        'mail written to the outbox folder (no SMTP_URL)',
      );
    },
    close: () => builder.close(),
  };
}

export function createMailTransport(options: {
  smtpUrl: string | undefined;
  outboxDir: string;
  log: FastifyBaseLogger;
}): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl) : fileTransport(options.outboxDir, options.log);
}
