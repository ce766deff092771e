// `npm run users -- verify EMAIL`: the operator's commands on the server, run beside the shop's data.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../../config/env.ts';
import { openDatabase } from '../../db/client.ts';
import { createUsersRepository } from './users.repository.ts';

const USAGE = `Usage:
  npm run users -- verify EMAIL
Marks the account's e-mail address as verified: an address in ADMIN_EMAILS makes its account an admin only then.
The database is DATABASE_URL's, else the embedded one in DATA_DIR (stop the server first: it holds that folder).`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ allowPositionals: true, options: {} }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  const [command, email, ...extra] = positionals;
  if (command !== 'verify' || !email || extra.length > 0) fail(USAGE);

  const env = loadEnv();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: join(env.DATA_DIR, 'pglite'),
  });
  let verified: boolean;
  try {
    await database.exclusively(() => database.migrate());
    verified = await createUsersRepository(database.db).markEmailVerified(email);
  } finally {
    await database.close();
  }
  if (!verified) fail(`No account has the e-mail ${email}: register it first, then verify it.`);
  const admin = env.ADMIN_EMAILS.includes(email.trim().toLowerCase());
  console.log(`${email} is verified${admin ? ' and, being in ADMIN_EMAILS, an admin' : ''}.`);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
