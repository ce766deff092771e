// `npm run bench:account-timing`: whether the answers that must not reveal accounts take the same time for an
// e-mail that has one and for one that has not — "Forgot password?" and registration with verification on.
// Each pair of requests is sent one after the other, alternating which goes first, on an otherwise idle shop.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { quantile } from './load.ts';
import { benchDataDir, startShop } from './shop.ts';

const PAIRS = Number(process.env.PAIRS ?? 200);
const PASSWORD = 'correct horse battery';

interface Timings {
  known: number[];
  unknown: number[];
}

function summary(label: string, { known, unknown }: Timings): string {
  const row = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    return `  ${name.padEnd(22)} median ${quantile(sorted, 0.5).toFixed(1)} ms   p90 ${quantile(sorted, 0.9).toFixed(1)} ms   mean ${mean.toFixed(1)} ms`;
  };
  return [
    `${label} (${known.length} pairs)`,
    row('e-mail with an account', known),
    row('e-mail without one', unknown),
  ].join('\n');
}

async function main() {
  await mkdir(benchDataDir, { recursive: true });
  const dataDir = await mkdtemp(join(benchDataDir, 'account-timing-'));
  // Verification on, as with SMTP_URL set (the mails go to DATA_DIR/outbox, not to a mail server).
  // Every request for the owner queues its mail, as the first ACCOUNT_MAILS_PER_HOUR of an hour do: that is the
  // path that must not take longer than an unknown e-mail's.
  const shop = await startShop(
    { DATA_DIR: dataDir },
    { REQUIRE_EMAIL_VERIFICATION: 'true', ACCOUNT_MAILS_PER_HOUR: '1000000' },
  );
  const post = async (path: string, body: object) => {
    const started = performance.now();
    const response = await fetch(`${shop.url}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shop.url },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return performance.now() - started;
  };
  try {
    const owner = 'owner@bench.test';
    await post('/sign-up/email', { name: 'Owner', email: owner, password: PASSWORD });

    const measure = async (
      ask: (email: string, i: number) => Promise<number>,
      unknownEmail: (i: number) => string,
    ) => {
      const timings: Timings = { known: [], unknown: [] };
      for (let i = 0; i < PAIRS; i++) {
        if (i % 2 === 0) {
          timings.known.push(await ask(owner, i));
          timings.unknown.push(await ask(unknownEmail(i), i));
        } else {
          timings.unknown.push(await ask(unknownEmail(i), i));
          timings.known.push(await ask(owner, i));
        }
      }
      return timings;
    };

    const resets = await measure(
      (email) => post('/request-password-reset', { email }),
      (i) => `nobody-${i}@bench.test`,
    );
    const registrations = await measure(
      (email) => post('/sign-up/email', { name: 'Someone', email, password: PASSWORD }),
      (i) => `newcomer-${i}@bench.test`,
    );
    console.log(summary('POST /api/auth/request-password-reset', resets));
    console.log(summary('POST /api/auth/sign-up/email, REQUIRE_EMAIL_VERIFICATION=true', registrations));
  } finally {
    await shop.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
