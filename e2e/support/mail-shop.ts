import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { ADMIN_EMAIL } from './accounts.ts';
import { setOwnShopOrigin } from './auth.ts';
import {
  createDatabase,
  dropDatabase,
  startTestSmtpServer,
  type TestSmtpServer,
} from '@bazaar/server/testing';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The run's own shop starter: the built shop with its admin registered and verified (ADMIN_EMAIL). */
const START_SHOP = fileURLToPath(new URL('./start-shop.ts', import.meta.url));

/**
 * A shop of its own for one test file, as an operator runs it with mail: it delivers over SMTP to a test SMTP
 * server, so that e-mails must be verified (REQUIRE_EMAIL_VERIFICATION's default with SMTP_URL).
 */
export interface MailShop {
  url: string;
  /** What the shop's mail server received. */
  smtp: TestSmtpServer;
  stop(): Promise<void>;
}

/** A port `offset` after the run's own shop (playwright.config.ts): one file uses each, one test at a time. */
export const ownShopUrl = (offset: number) =>
  `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + offset}`;

export const MAIL_SHOP_URL = ownShopUrl(1);

/**
 * Starts the built shop at `url` (MAIL_SHOP_URL unless told) with the demo catalog, on the run's engine, with `env`
 * besides the mail settings, and waits until it answers.
 */
export async function startMailShop({
  url = MAIL_SHOP_URL,
  env = {},
}: { url?: string; env?: Record<string, string> } = {}): Promise<MailShop> {
  const smtp = await startTestSmtpServer();
  const dataDir = await mkdtemp(join(tmpdir(), 'bazaar-e2e-mail-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const databaseUrl = adminUrl
    ? await createDatabase(adminUrl, `bazaar_e2e_mail_${Date.now()}_${process.pid}`)
    : '';
  const shop = spawn(process.execPath, ['--import', 'tsx', START_SHOP], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: new URL(url).port,
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_ON_START: 'true',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Bazaar <shop@bazaar.test>',
      LOG_LEVEL: 'warn',
      // Every journey signs in, registers and confirms from 127.0.0.1: ten attempts a minute is not enough.
      AUTH_RATE_LIMIT_MAX: '1000',
      ADMIN_EMAILS: ADMIN_EMAIL,
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => shop.once('exit', () => resolve()));
  const stop = async () => {
    setOwnShopOrigin(undefined);
    shop.kill('SIGTERM');
    await exited;
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
    if (adminUrl && databaseUrl) await dropDatabase(adminUrl, databaseUrl);
  };
  try {
    await expect
      .poll(
        async () => {
          if (shop.exitCode !== null) throw new Error(`the mail shop exited with code ${shop.exitCode}`);
          const response = await fetch(`${url}/api/products?limit=1`).catch(() => undefined);
          return response?.ok ?? false;
        },
        { timeout: 120_000, intervals: [250] },
      )
      .toBe(true);
  } catch (error) {
    await stop();
    throw error;
  }
  // The helpers' API calls (support/auth.ts, support/shop-data.ts) go to this shop from now on.
  setOwnShopOrigin(new URL(url).origin);
  return { url, smtp, stop };
}

/** The link in the newest mail to `to` whose subject starts with `subject`, waiting for it to arrive. */
export async function linkInMail(smtp: TestSmtpServer, to: string, subject: string, path: string) {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = smtp.to(to).findLast((received) => received.subject.startsWith(subject));
        link = mail?.body.match(
          new RegExp(`https?://[^\\s"<>]*${path.replace(/[?]/g, '\\?')}[^\\s"<>]*`),
        )?.[0];
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return link ?? '';
}
