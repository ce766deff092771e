import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the test SMTP server received it: envelope recipient, headers, and its decoded text. */
export interface ReceivedMail {
  to: string;
  subject: string;
  messageId: string;
  /** The whole message with quoted-printable undone: its text and HTML parts can be searched for links. */
  body: string;
}

/** Mail sender timings short enough for retries to happen within a test. */
export const FAST_MAIL_SENDER = {
  pollMs: 200,
  wakeMs: 20,
  firstRetryMs: 50,
  maxRetryMs: 400,
  pruneEveryMs: 200,
};

/** Undoes quoted-printable soft line breaks and escapes (nodemailer's encoding of long or non-ASCII lines). */
const decodeQuotedPrintable = (raw: Buffer) =>
  Buffer.from(
    raw
      .toString('latin1')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '';

/**
 * A real SMTP server on a free port of 127.0.0.1 that keeps every mail it accepts. `down()` makes it refuse
 * mail with a temporary error (as a server that is restarting does) until `up()`.
 */
export async function startTestSmtpServer() {
  const inbox: ReceivedMail[] = [];
  let refusing = false;
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onMailFrom(_address, _session, callback) {
      if (!refusing) return callback();
      return callback(Object.assign(new Error('try again later'), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message = Buffer.concat(chunks);
        const raw = message.toString('utf8');
        for (const recipient of session.envelope.rcptTo) {
          inbox.push({
            to: recipient.address,
            subject: header(raw, 'Subject'),
            messageId: header(raw, 'Message-ID'),
            body: decodeQuotedPrintable(message),
          });
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** How many connections clients have opened since the server started. */
    connections: () => connections,
    down() {
      refusing = true;
    },
    up() {
      refusing = false;
    },
    /** The mails received for `address`. */
    to: (address: string) => inbox.filter((mail) => mail.to === address),
    /** Empties the inbox: what a test counts afterwards is what its own actions sent. */
    forget() {
      inbox.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startTestSmtpServer>>;
