// `node --import tsx e2e/support/start-shop.ts`: the browser tests' web server. Registers the shop's admin
// and verifies its e-mail, as an operator does, then starts the OpenID Connect provider that stands in for
// Google, then the built shop (apps/server/dist/main.js) with the environment of this process plus the
// provider's address and credentials. Stops both when either ends.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from '../../apps/server/src/config/env.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { buildApp } from '../../apps/server/src/http/app.ts';
import { createUsersRepository } from '../../apps/server/src/modules/users/users.repository.ts';
import { startOidcProvider } from '../../apps/server/src/test/oidc-provider.ts';
import { ADMIN_EMAIL, TEST_PASSWORD } from './accounts.ts';
import { OIDC_PEOPLE } from './oidc-people.ts';

const publicUrl = process.env.PUBLIC_URL;
if (!publicUrl) throw new Error('start-shop.ts needs PUBLIC_URL, the address the browser opens the shop at');

/** The admin account the tests sign in as (ADMIN_EMAILS only trusts a verified address). */
async function prepareAdmin(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: join(env.DATA_DIR, 'pglite'),
  });
  try {
    await database.migrate();
    const shop = await buildApp({ database, env });
    const signUp = await shop.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: publicUrl },
      payload: { name: 'Ada Admin', email: ADMIN_EMAIL, password: TEST_PASSWORD },
    });
    await shop.close();
    if (signUp.statusCode !== 200) throw new Error(`the admin's sign-up failed: ${signUp.body}`);
    await createUsersRepository(database.db).markEmailVerified(ADMIN_EMAIL);
  } finally {
    await database.close();
  }
}

await prepareAdmin();

const provider = await startOidcProvider({
  redirectUri: `${publicUrl}/api/auth/callback/oidc`,
  people: OIDC_PEOPLE,
});

const shop = spawn(
  process.execPath,
  [fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url))],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    },
  },
);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => shop.kill(signal));
}

shop.on('exit', (code, signal) => {
  void provider.close().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
