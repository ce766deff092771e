/** What a mail says: a heading, paragraphs, and at most one button-like link. */
export interface MailContent {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}

const SHOP_NAME = 'Bazaar';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The plain-text and HTML bodies of a mail, in the shop's one simple layout. Every text is escaped in the HTML
 * part: names and addresses come from users.
 */
export function mailBody({ heading, paragraphs, action }: MailContent): { text: string; html: string } {
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    `— ${SHOP_NAME}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111827;line-height:1.5">',
    `<p style="font-size:20px;font-weight:bold;color:#0f766e">${SHOP_NAME}</p>`,
    `<h1 style="font-size:18px">${escapeHtml(heading)}</h1>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...(action
      ? [
          `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 16px;background:#0f766e;color:#ffffff;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>`,
        ]
      : []),
    `<p style="color:#6b7280;font-size:12px">${SHOP_NAME}</p>`,
    '</body></html>',
  ].join('\n');
  return { text, html };
}
