// `npm run users -- verify EMAIL`: the operator's commands on the server, run beside the shop's data.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../../config/env.ts';
import { openDatabase } from '../../db/client.ts';
import { createEmailConfirmationRepository, RESET_LINK_SECONDS } from '../auth/auth.module.ts';

const USAGE = `Usage:
  npm run users -- verify EMAIL      (also: take-over EMAIL)
Gives the operator the account of EMAIL: marks the address verified, ends every session of the account, removes
its password, and prints a one-time link to choose a new one, with who registered the account and when. Whoever
registered the address before cannot sign in any more. An address in ADMIN_EMAILS makes its account an admin only
once verified. The database is DATABASE_URL's, else the embedded one in DATA_DIR (stop the server first: it holds
that folder).`;

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
  if ((command !== 'verify' && command !== 'take-over') || !email || extra.length > 0) fail(USAGE);

  const env = loadEnv();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: join(env.DATA_DIR, 'pglite'),
  });
  let taken: Awaited<ReturnType<ReturnType<typeof createEmailConfirmationRepository>['takeOver']>>;
  try {
    await database.exclusively(() => database.migrate());
    taken = await createEmailConfirmationRepository(database.db).takeOver(email, RESET_LINK_SECONDS);
  } finally {
    await database.close();
  }
  if (!taken) fail(`No account has the e-mail ${email}: register it first, then verify it.`);
  const { registrant, resetToken } = taken;
  const admin = env.ADMIN_EMAILS.includes(email.trim().toLowerCase());
  const from = registrant.firstSessionAddress
    ? `, first signed in from ${registrant.firstSessionAddress}`
    : '';
  console.log(
    [
      `${email} is verified${admin ? ' and, being in ADMIN_EMAILS, an admin' : ''}.`,
      `It was registered by "${registrant.name}" (${registrant.handle}) on ${registrant.createdAt.toISOString()}${from}.`,
      'Every session of the account has ended and its password is removed. Choose the password within',
      `${RESET_LINK_SECONDS / 60} minutes, once, at:`,
      `  ${env.PUBLIC_URL}/reset-password?token=${resetToken}`,
    ].join('\n'),
  );
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
