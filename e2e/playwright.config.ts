import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { createDatabase, GENEROUS_LIMITS } from '@bazaar/server/testing';
import { ADMIN_EMAIL } from './support/accounts.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * Fresh storage for this run's web server: a PGlite folder, or a new database beside TEST_DATABASE_URL.
 * Made here because Playwright starts webServer before globalSetup; removed on exit because globalTeardown
 * runs while the server is still up.
 */
async function prepareRunStorage(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bazaar-e2e-'));
  process.env.E2E_RUN_DATA_DIR = dataDir;
  const adminUrl = process.env.TEST_DATABASE_URL;
  const databaseUrl = adminUrl
    ? await createDatabase(adminUrl, `bazaar_e2e_${Date.now()}_${process.pid}`)
    : undefined;
  if (databaseUrl) process.env.E2E_RUN_DATABASE_URL = databaseUrl;

  process.on('exit', () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (!adminUrl || !databaseUrl) return;
    try {
      execFileSync(
        process.execPath,
        ['--import', 'tsx', join(repoRoot, 'e2e/support/drop-database.ts'), adminUrl, databaseUrl],
        { cwd: repoRoot, stdio: 'inherit' },
      );
    } catch {
      console.error(`Could not drop the e2e database ${databaseUrl}`);
    }
  });
}

/**
 * The journeys whose engine matters, run on both engines in CI (E2E_ENGINE_JOURNEYS=only); the others run on one,
 * as the API suite already holds what the engines do differently. Each list entry says which difference it guards.
 */
const ENGINE_JOURNEYS = [
  // Orders placed in one statement, stock taken and held per buyer (an advisory lock on PostgreSQL only).
  'dashboard-checkout.spec.ts',
  'stock.spec.ts',
  // Search's SQL: the dictionary, typos and facets, with a statement timeout on PostgreSQL only.
  'search-page.spec.ts',
  // Catalog writes reaching the catalog cache through LISTEN/NOTIFY, which each engine does its own way.
  'dashboard-products.spec.ts',
  // Pictures stored in the database and read back as bytes.
  'photos.spec.ts',
  // The mail outbox: claimed with row locks and woken by notifications.
  'mail-journey.spec.ts',
  // Payments: claims kept unique by a partial index, decisions and the expiry job under the order's row lock.
  'money-journey.spec.ts',
  // Cards: a webhook and the buyer's return recorded once under the order's lock, refunds asked after the commit.
  'card-payments.spec.ts',
  // The sellers' ledger: entries written in each move's transaction, payouts under the seller's row lock.
  'earnings.spec.ts',
];

/**
 * Debian's headless shell when it is installed (package chromium-headless-shell): the build Playwright itself uses
 * for headless runs, which needs about a quarter less CPU per journey than the full browser. Else the browser.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

// Playwright loads this file in the runner and again in every worker; only the runner starts the server.
if (process.env.TEST_WORKER_INDEX === undefined && process.env.E2E_RUN_DATA_DIR === undefined) {
  await prepareRunStorage();
}

export default defineConfig({
  testDir: './tests',
  testMatch: process.env.E2E_ENGINE_JOURNEYS === 'only' ? ENGINE_JOURNEYS : undefined,
  // Not the repository's test-results/: Playwright empties its output folder first, and Vitest's results live there.
  outputDir: './test-results',
  fullyParallel: true,
  // A journey mostly waits (for the shop, the browser, an animation): two share even two cores well.
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  // Generous: the shared test machines are often busy, and a slow step is not a failure of the shop.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: join(repoRoot, 'test-results/e2e-results.json') }]],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // Recording a trace costs a journey about a third of its CPU; CI's traces stay on the CI machine, and its
    // log has each failure's error and page snapshot. A developer's run keeps the trace of a failed journey.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    // The built shop, beside an OpenID Connect provider standing in for Google (support/start-shop.ts).
    command: 'node --import tsx e2e/support/start-shop.ts',
    cwd: repoRoot,
    // There is no health route yet; the product list answers only once migrations and the seed are done.
    url: `${baseURL}/api/products?limit=1`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: process.env.E2E_RUN_DATA_DIR ?? '',
      // Empty means unset to the server: PGlite in DATA_DIR, whatever the calling shell exports.
      DATABASE_URL: process.env.E2E_RUN_DATABASE_URL ?? '',
      LOG_LEVEL: 'warn',
      SEED_ON_START: 'true',
      PUBLIC_URL: baseURL,
      ADMIN_EMAILS: ADMIN_EMAIL,
      // The shop takes bKash and Rocket: checkout offers them.
      BKASH_NUMBER: '01711-000000',
      ROCKET_NUMBER: '01811-000000',
      // The shop takes 10 % of each line's goods, and a seller's credit may be paid out at once (no returns window).
      COMMISSION_PERCENT: '10',
      PAYOUT_HOLD_DAYS: '0',
      // Every test signs up, signs in and writes from the same address: the limits would stop the run.
      ...GENEROUS_LIMITS,
    },
  },
});
