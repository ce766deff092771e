import { randomBytes } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import { encodeWords, foldLines, isPlainText, quoteString } from 'nodemailer/lib/mime-funcs';
import { encode as quotedPrintable, wrap as wrapQuotedPrintable } from 'nodemailer/lib/qp';

/** One mail of the shop: a text and an HTML version of the same content. */
export interface MimeMail {
  /** `Name <address>` or a bare address; the name may hold any characters. */
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** With its angle brackets. */
  messageId: string;
  date: Date;
}

const CRLF = '\r\n';
const LINE_LENGTH = 76;

/**
 * A header line, folded at spaces to the line length. Line breaks in the value become spaces: a subject or a name
 * a user chose (a seller's name is in some subjects) must not start a header of its own.
 */
const headerLine = (name: string, value: string) =>
  foldLines(`${name}: ${value.replace(/[\r\n]+/g, ' ')}`, LINE_LENGTH);

/** A display name that needs no quotes: letters, digits, spaces and the symbols allowed in an atom (RFC 5322). */
const PLAIN_WORDS = /^[\w !#$%&'*+\-/=?^`{|}~]+$/;

/** A display name as a header shows it: as written, quoted, or encoded when it is not ASCII. */
function displayName(name: string): string {
  if (!isPlainText(name)) return encodeWords(name, 'Q', 52, true);
  return PLAIN_WORDS.test(name) ? name : quoteString(name);
}

/** Addresses as a header shows them: names quoted or encoded as needed, addresses as written. */
function addressHeader(value: string): string {
  return addressparser(value, { flatten: true })
    .map(({ name, address }) => (name ? `${displayName(name)} <${address}>` : address))
    .join(', ');
}

/** The addresses alone, for the SMTP envelope. */
export const envelopeAddresses = (value: string) =>
  addressparser(value, { flatten: true }).map(({ address }) => address);

/** A body part in quoted-printable UTF-8, its lines ended by CRLF. */
const textPart = (type: string, body: string) =>
  [
    `Content-Type: ${type}; charset=utf-8`,
    'Content-Transfer-Encoding: quoted-printable',
    '',
    wrapQuotedPrintable(quotedPrintable(body.replace(/\r?\n/g, CRLF)), LINE_LENGTH),
  ].join(CRLF);

/**
 * The mail as a MIME message (multipart/alternative: text, then HTML), built in one pass. nodemailer's public
 * `MailComposer` builds the same through a chain of streams, at about ten times the CPU (measured 2026-11-27 over
 * 3,000 mails: 550–870 µs a mail against 41–89 µs). Its encoders are used here, so that the encoding is the same:
 * `nodemailer/lib/addressparser`, `mime-funcs` and `qp` are entries nodemailer's package.json declares in its
 * `exports`, with their types, not files reached around it.
 */
export function mimeMessage(mail: MimeMail): Buffer {
  const boundary = `--_Bazaar-${randomBytes(12).toString('hex')}`;
  const head = [
    headerLine('From', addressHeader(mail.from)),
    headerLine('To', addressHeader(mail.to)),
    headerLine('Subject', encodeWords(mail.subject, 'Q', 52)),
    headerLine('Message-ID', mail.messageId),
    headerLine('Date', mail.date.toUTCString().replace(/GMT$/, '+0000')),
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative;${CRLF} boundary="${boundary}"`,
  ];
  const message = [
    ...head,
    '',
    `--${boundary}`,
    textPart('text/plain', mail.text),
    `--${boundary}`,
    textPart('text/html', mail.html),
    `--${boundary}--`,
    '',
  ].join(CRLF);
  return Buffer.from(message, 'utf8');
}
