import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserProfile } from '@bazaar/shared/users';
import type { TestAccount } from '../../test/accounts.ts';
import {
  call,
  serverProcesses,
  signUpOver,
  usersCommand,
  type ServerProcess,
} from '../../test/server-process.ts';
import { TEST_ADMIN_EMAIL } from '../../test/test-app.ts';
import { createPostgresDatabase, testEngine } from '../../test/test-database.ts';

const servers = serverProcesses();
let storage: Record<string, string>;
let env: Record<string, string>;
let dropPostgres = () => Promise.resolve();
let server: ServerProcess;
let admin: TestAccount;

const roleOf = async (account: TestAccount) =>
  (
    await call<UserProfile>(server, 'GET', `/api/users/${account.email}`, {
      headers: { authorization: `Bearer ${account.token}` },
    })
  ).body.role;

beforeAll(async () => {
  if (testEngine === 'postgres') {
    const postgres = await createPostgresDatabase();
    dropPostgres = postgres.drop;
    storage = { DATABASE_URL: postgres.url };
  } else {
    storage = { DATA_DIR: await servers.dataDir() };
  }
  env = { ...storage, ADMIN_EMAILS: TEST_ADMIN_EMAIL };
  server = await servers.start(env);
  admin = await signUpOver(server, TEST_ADMIN_EMAIL);
}, 120_000);

afterAll(() => dropPostgres());

describe(`npm run users -- verify (${testEngine})`, () => {
  it('is what makes a registered ADMIN_EMAILS address an admin: registering it first is not enough', async () => {
    expect(await roleOf(admin)).toBe('user');

    if (testEngine === 'pglite') {
      // The embedded database belongs to the running server: the command says so and changes nothing.
      const refused = await usersCommand(env, 'verify', TEST_ADMIN_EMAIL);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`in use by process ${server.pid}`);
      await server.stop();
    }
    const verified = await usersCommand(env, 'verify', TEST_ADMIN_EMAIL);
    expect(verified.output).toContain(
      `${TEST_ADMIN_EMAIL} is verified and, being in ADMIN_EMAILS, an admin.`,
    );
    expect(verified.code).toBe(0);
    if (testEngine === 'pglite') server = await servers.start(env);

    expect(await roleOf(admin)).toBe('admin');
  }, 120_000);

  it('refuses an address without an account, and a call without one', async () => {
    if (testEngine === 'pglite') await server.stop();
    const unknown = await usersCommand(env, 'verify', 'nobody@bazaar.test');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('No account has the e-mail nobody@bazaar.test');
    const usage = await usersCommand(env, 'verify');
    expect(usage.code).toBe(1);
    expect(usage.output).toContain('Usage:');
  }, 120_000);
});
