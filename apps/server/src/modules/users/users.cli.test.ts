import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserProfile } from '@bazaar/shared/users';
import { asBearer, TEST_PASSWORD, type TestAccount } from '../../test/accounts.ts';
import {
  call,
  serverProcesses,
  signUpOver,
  usersCommand,
  type ServerProcess,
  choosePasswordOver,
  operatorLinkOf,
} from '../../test/server-process.ts';
import { TEST_ADMIN_EMAIL } from '../../test/test-app.ts';
import { createPostgresDatabase, testEngine } from '../../test/test-database.ts';

const servers = serverProcesses();
const OPERATOR_PASSWORD = 'the operator chose this';
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
    const postgres = await createPostgresDatabase({ migrated: true });
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
  it('gives the operator the account: whoever registered the address first loses its session and password', async () => {
    // Without mail, registering signs in at once: whoever registered the admin address holds a session.
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
    expect(verified.output).toMatch(
      /It was registered by "admin" \(admin\) on \d{4}-\d\d-\d\dT[\d:.]+Z, first signed in from [\d.:a-f]+\./,
    );
    expect(verified.code).toBe(0);
    if (testEngine === 'pglite') server = await servers.start(env);

    // On PostgreSQL the server kept running: the session it kept in memory is refused at once too.
    const me = await call(server, 'GET', `/api/users/${admin.email}`, { headers: asBearer(admin) });
    expect(me.status).toBe(401);
    const signIn = (password: string) =>
      call(server, 'POST', '/api/auth/sign-in/email', {
        headers: { origin: server.origin },
        body: { email: admin.email, password },
      });
    expect((await signIn(TEST_PASSWORD)).status).toBe(401);

    // The printed link chooses the operator's password and signs them in, as the admin.
    const link = operatorLinkOf(verified.output);
    const reset = await choosePasswordOver(server, link, OPERATOR_PASSWORD);
    expect(reset.status, reset.text).toBe(200);
    const operator = { ...admin, token: reset.headers.get('set-auth-token') ?? '' };
    expect(await roleOf(operator)).toBe('admin');
    expect((await signIn(OPERATOR_PASSWORD)).status).toBe(200);
    expect((await signIn(TEST_PASSWORD)).status).toBe(401);
    // The link works once.
    const again = await choosePasswordOver(server, link, TEST_PASSWORD);
    expect(again.status).toBe(400);
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
