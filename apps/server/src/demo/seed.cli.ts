import { join } from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { parseEnv } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { signInLine } from './demo-sign-ins.ts';
import { DEMO_PRODUCT_COUNT } from './seed-on-start.ts';
import { seedDemoData } from './seed.ts';

const MAX_PRODUCTS = 2_000_000;
const USAGE = `Usage: npm run seed -- [--products N]   (N from 1 to ${MAX_PRODUCTS}, default ${DEMO_PRODUCT_COUNT})`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readProductCount(): number {
  let values: { products?: string | undefined };
  try {
    ({ values } = parseArgs({ options: { products: { type: 'string' } } }));
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (values.products === undefined) return DEMO_PRODUCT_COUNT;
  const count = /^\d+$/.test(values.products) ? Number(values.products) : NaN;
  if (!(count >= 1 && count <= MAX_PRODUCTS)) {
    fail(`--products must be a whole number from 1 to ${MAX_PRODUCTS}, got "${values.products}".\n${USAGE}`);
  }
  return count;
}

async function main() {
  const products = readProductCount();
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }

  const started = performance.now();
  // The same PGlite folder as the server's, so `npm start` afterwards serves the seeded shop.
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: join(env.DATA_DIR, 'pglite') });
  try {
    await handle.migrate();
    const bar = new cliProgress.SingleBar(
      { format: 'Products |{bar}| {value}/{total} | ETA {eta_formatted}', hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    bar.start(products, 0);
    const summary = await seedDemoData(handle.db, {
      products,
      payoutHoldDays: env.PAYOUT_HOLD_DAYS,
      onProgress: (done) => bar.update(done),
    }).finally(() => bar.stop());
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${summary.categories} categories, ${summary.products} products, ${summary.users} users, ` +
        `${summary.orders} orders and ${summary.reviews} reviews into ${handle.engine} in ${seconds} s.`,
    );
    for (const signIn of summary.signIns) console.log(signInLine(signIn));
  } finally {
    await handle.close();
  }
}

await main();
