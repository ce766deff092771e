import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/**
 * Where the shop of this run writes its mail: with no SMTP_URL it writes each mail as an .eml file into
 * DATA_DIR/outbox (playwright.config.ts gives the server its own DATA_DIR), on both engines.
 */
const outboxDir = join(process.env.E2E_RUN_DATA_DIR ?? '', 'outbox');

/** Where each kind of mail's link leads. */
const LINK_PATHS = {
  'reset-password': '/reset-password?token=',
  'verify-email': '/email-verified?token=',
  'review-reply': '#reviews',
  'password-changed': '/forgot-password',
} as const;

/** A mail's source with its quoted-printable soft line breaks joined and its =XX escapes decoded. */
const decodeQuotedPrintable = (source: string) =>
  source
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The link in the newest mail of `kind` sent to `to` (other than `except`), waiting for the shop to send it. */
export async function mailedLink(
  to: string,
  kind: keyof typeof LINK_PATHS,
  except?: string,
): Promise<string> {
  const recipient = new RegExp(`^To: .*${escapeRegExp(to)}`, 'mi');
  const link = new RegExp(`https?://[^\\s"<>]*${escapeRegExp(LINK_PATHS[kind])}[^\\s"<>]*`);
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        // Named by the time they were written: newest first.
        const files = (await readdir(outboxDir).catch(() => [])).sort().reverse();
        for (const file of files) {
          const mail = decodeQuotedPrintable(await readFile(join(outboxDir, file), 'utf8'));
          if (!recipient.test(mail)) continue;
          found = link.exec(mail)?.[0];
          if (found && found !== except) return found;
        }
        return undefined;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return found ?? '';
}
