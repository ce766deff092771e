import type { FastifyInstance } from 'fastify';
import { TEST_ADMIN_EMAIL, TEST_PUBLIC_URL } from './test-app.ts';

/** The shop's own origin in tests: sign-in only trusts requests from it. */
export const TEST_ORIGIN = TEST_PUBLIC_URL;
export const TEST_PASSWORD = 'correct horse battery';

export interface TestAccount {
  email: string;
  name: string;
  /** The session token, sent as `Authorization: Bearer …`. */
  token: string;
  /** The session cookie, as a browser would send it. */
  cookie: string;
}

export const asBearer = (account: TestAccount) => ({ authorization: `Bearer ${account.token}` });
export const asCookie = (account: TestAccount) => ({ cookie: account.cookie, origin: TEST_ORIGIN });

/** Registers an account with e-mail and password, as the register page does, and keeps its session. */
export async function signUp(app: FastifyInstance, email: string, name = email.split('@')[0] ?? 'Shopper') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    payload: { name, email, password: TEST_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up of ${email} failed: ${response.body}`);
  const token = response.headers['set-auth-token'];
  const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = setCookie.map((line) => line.split(';')[0]).join('; ');
  if (typeof token !== 'string' || !cookie) throw new Error(`sign-up of ${email} gave no session`);
  return { email, name, token, cookie } satisfies TestAccount;
}

/** The callers of an authorization matrix: the owner of a record, another user, and an admin. */
export async function signUpCast(app: FastifyInstance, prefix: string) {
  return {
    owner: await signUp(app, `${prefix}-owner@bazaar.test`, 'Olive Owner'),
    stranger: await signUp(app, `${prefix}-stranger@bazaar.test`, 'Sam Stranger'),
    admin: await signUp(app, TEST_ADMIN_EMAIL, 'Ada Admin'),
  };
}
