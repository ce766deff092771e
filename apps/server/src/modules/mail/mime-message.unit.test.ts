import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { envelopeAddresses, mimeMessage, type MimeMail } from './mime-message.ts';

const mail: MimeMail = {
  from: 'Bazaar <no-reply@shop.test>',
  to: 'sam@example.com',
  subject: 'Your order 9f68144a is placed',
  text: 'Thank you for your order\n\n2 × Artisan Dark Chocolate: $47.90\n',
  html: '<p style="color:#111">Thank you for your order</p>\n<p>2 × Artisan Dark Chocolate: $47.90</p>',
  messageId: '<5b0c7c1e-4f7a-4f57-9d0e-1d4c1f0f7a11@shop.test>',
  date: new Date('2026-11-25T12:34:56Z'),
};

/** What a mail program shows of the message. */
async function read(message: Buffer) {
  const parsed = await simpleParser(message);
  return {
    from: parsed.from?.value,
    to: Array.isArray(parsed.to) ? parsed.to.flatMap((to) => to.value) : parsed.to?.value,
    subject: parsed.subject,
    text: parsed.text,
    html: parsed.html,
    messageId: parsed.messageId,
    date: parsed.date,
  };
}

describe('a mail as a MIME message', () => {
  it('reads back, in a mail parser, as the text and HTML versions with their headers', async () => {
    expect(await read(mimeMessage(mail))).toEqual({
      from: [{ name: 'Bazaar', address: 'no-reply@shop.test' }],
      to: [{ name: '', address: 'sam@example.com' }],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      date: mail.date,
    });
  });

  it('keeps names, subjects and bodies in any script, long lines and characters that encodings use', async () => {
    const longLine = `${'Délivery to Zoë Ñúñez, 1 Rue de l’Été = “quoted” '.repeat(6)}end`;
    const odd: MimeMail = {
      ...mail,
      from: 'Bazaar, the “shop” <no-reply@shop.test>',
      to: 'Zoë Ñúñez <zoe@example.com>',
      subject: `Commande reçue — ${'très '.repeat(20)}bien 🎉`,
      text: `${longLine}\r\n.\r\nFrom here\n=41 stays as typed  \n`,
      html: `<p title="a=b">${longLine}</p>`,
    };
    const shown = await read(mimeMessage(odd));
    expect(shown.from).toEqual([{ name: 'Bazaar, the “shop”', address: 'no-reply@shop.test' }]);
    expect(shown.to).toEqual([{ name: 'Zoë Ñúñez', address: 'zoe@example.com' }]);
    expect(shown.subject).toBe(odd.subject);
    expect(shown.text).toBe(odd.text.replace(/\r\n/g, '\n'));
    expect(shown.html).toBe(odd.html);
  });

  it('keeps line breaks in a subject or a name from adding headers', async () => {
    const injected = 'Evil\r\nBcc: victim@example.com\nX-Extra: 1';
    const message = mimeMessage({
      ...mail,
      to: `"${injected}" <sam@example.com>`,
      subject: `Your order 9f68144a from ${injected}: shipped`,
    });
    const parsed = await simpleParser(message);
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.headers.has('x-extra')).toBe(false);
    expect(parsed.subject).toBe('Your order 9f68144a from Evil Bcc: victim@example.com X-Extra: 1: shipped');
    expect(envelopeAddresses(`"${injected}" <sam@example.com>`)).toEqual(['sam@example.com']);
  });

  it('keeps every line within what mail servers accept, in ASCII', () => {
    const message = mimeMessage({ ...mail, text: 'ü'.repeat(500), subject: 'é'.repeat(200) }).toString(
      'latin1',
    );
    // eslint-disable-next-line no-control-regex
    expect(message).toMatch(/^[\x00-\x7f]*$/);
    for (const line of message.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
    expect(message.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('gives the bare addresses for the SMTP envelope', () => {
    expect(envelopeAddresses('Bazaar, the “shop” <no-reply@shop.test>')).toEqual(['no-reply@shop.test']);
    expect(envelopeAddresses('sam@example.com')).toEqual(['sam@example.com']);
  });
});
