import type { FastifyInstance } from 'fastify';
import { createUsersRepository } from '../modules/users/users.repository.ts';
import { TEST_ADMIN_EMAIL, TEST_PUBLIC_URL, type TestApp } from './test-app.ts';

/** The shop's own origin in tests: sign-in only trusts requests from it. */
export const TEST_ORIGIN = TEST_PUBLIC_URL;
export const TEST_PASSWORD = 'correct horse battery';

export interface TestAccount {
  /** The user id: what products refer to their seller by. */
  id: string;
  email: string;
  name: string;
  /** The public handle the shop gave the account at sign-up. */
  handle: string;
  /** The session token, sent as `Authorization: Bearer …`. */
  token: string;
  /** The session cookie, as a browser would send it. */
  cookie: string;
}

/** Signs in with an e-mail and a password, as the sign-in page does: Better Auth's answer. */
export const signIn = (app: FastifyInstance, email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });

export const asBearer = (account: TestAccount) => ({ authorization: `Bearer ${account.token}` });
export const asCookie = (account: TestAccount) => ({ cookie: account.cookie, origin: TEST_ORIGIN });

/**
 * Registers an account with e-mail and password, as the register page does, and keeps its session; from
 * `remoteAddress` when the test counts per client address.
 */
export async function signUp(
  app: FastifyInstance,
  email: string,
  name = email.split('@')[0] ?? 'Shopper',
  remoteAddress?: string,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { origin: TEST_ORIGIN },
    payload: { name, email, password: TEST_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up of ${email} failed: ${response.body}`);
  return accountOf(email, name, {
    token: response.headers['set-auth-token'],
    setCookie: ([] as string[]).concat(response.headers['set-cookie'] ?? []),
    body: response.json(),
  });
}

/** The account a successful sign-up answered: its user's id and handle, and its session as token and cookie. */
export function accountOf(
  email: string,
  name: string,
  answer: { token: unknown; setCookie: string[]; body: unknown },
): TestAccount {
  const cookie = answer.setCookie.map((line) => line.split(';')[0]).join('; ');
  const { user } = answer.body as { user: { id: string; handle: string } };
  if (typeof answer.token !== 'string' || !cookie) throw new Error(`sign-up of ${email} gave no session`);
  return { id: user.id, email, name, handle: user.handle, token: answer.token, cookie };
}

/** The shop's admin: registered with an ADMIN_EMAILS address, then verified as the operator does. */
export async function signUpAdmin({ app, database }: Pick<TestApp, 'app' | 'database'>) {
  const admin = await signUp(app, TEST_ADMIN_EMAIL, 'Ada Admin');
  await createUsersRepository(database.db).markEmailVerified(admin.email);
  return admin;
}

/** The callers of an authorization matrix: the owner of a record, another user, and an admin. */
export async function signUpCast(testApp: Pick<TestApp, 'app' | 'database'>, prefix: string) {
  return {
    owner: await signUp(testApp.app, `${prefix}-owner@bazaar.test`, 'Olive Owner'),
    stranger: await signUp(testApp.app, `${prefix}-stranger@bazaar.test`, 'Sam Stranger'),
    admin: await signUpAdmin(testApp),
  };
}
