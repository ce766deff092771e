import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { asBearer, signUp, TEST_ORIGIN, TEST_PASSWORD, type TestAccount } from '../../test/accounts.ts';
import { latestMail, mailCount } from '../../test/outbox.ts';
import { createTestApp, TEST_PUBLIC_URL, useTestApp } from '../../test/test-app.ts';

const testApp = useTestApp();

interface ListedSession {
  id: string;
  token?: string;
  ipAddress: string | null;
}

const cookieOf = (response: LightMyRequestResponse) =>
  ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0])
    .join('; ');

/** Signs the account in once more, as another device would: that session's bearer token and cookie. */
async function anotherDevice(account: TestAccount, headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, ...headers },
    payload: { email: account.email, password: TEST_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { token: String(response.headers['set-auth-token']), cookie: cookieOf(response) };
}

async function signedInAs(headers: Record<string, string>): Promise<string | null> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/get-session', headers });
  return response.json<{ user: { email: string } } | null>()?.user.email ?? null;
}

const changePassword = (headers: Record<string, string>, payload: object) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: { origin: TEST_ORIGIN, ...headers },
    payload,
  });

const listSessions = (headers: Record<string, string>) =>
  testApp.app.inject({ method: 'GET', url: '/api/auth/list-sessions', headers });

describe('changing the password', () => {
  it('ends every other session of the account, even when the client asks to keep them', async () => {
    const account = await signUp(testApp.app, 'changer@bazaar.test');
    const laptop = await anotherDevice(account);
    const phone = await anotherDevice(account);

    for (const revokeOtherSessions of [false, undefined]) {
      const response = await changePassword(asBearer(account), {
        currentPassword: TEST_PASSWORD,
        newPassword: TEST_PASSWORD,
        ...(revokeOtherSessions === undefined ? {} : { revokeOtherSessions }),
      });
      expect(response.statusCode, response.body).toBe(200);
      // The device that changed it carries on with the new session it is handed.
      const { token } = response.json<{ token: string }>();
      expect(response.headers['set-auth-token']).toBeDefined();
      expect(await signedInAs({ authorization: `Bearer ${token}` })).toBe(account.email);
      account.token = token;
    }
    for (const device of [laptop, phone]) {
      expect(await signedInAs({ authorization: `Bearer ${device.token}` })).toBeNull();
      expect(await signedInAs({ cookie: device.cookie })).toBeNull();
    }
    const remaining = await listSessions(asBearer(account));
    expect(remaining.json<ListedSession[]>()).toHaveLength(1);
  });

  it('mails the owner that it changed, with the link to reset it', async () => {
    const account = await signUp(testApp.app, 'told-of-change@bazaar.test');
    const response = await changePassword(asBearer(account), {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new password',
    });
    expect(response.statusCode, response.body).toBe(200);
    const mail = await latestMail(testApp.database.db, account.email, 'password-changed');
    expect(mail?.subject).toBe('Your Bazaar password was changed');
    expect(mail?.textBody).toContain('If this was not you');
    expect(mail?.link?.href).toBe(`${TEST_PUBLIC_URL}/forgot-password`);
  });

  it('with a wrong current password changes nothing and ends nothing', async () => {
    const account = await signUp(testApp.app, 'wrong-current@bazaar.test');
    const laptop = await anotherDevice(account);
    const response = await changePassword(asBearer(account), {
      currentPassword: 'not the password',
      newPassword: 'a brand new password',
    });
    expect(response.statusCode).toBe(400);
    expect(await mailCount(testApp.database.db, account.email, 'password-changed')).toBe(0);
    expect(await signedInAs({ authorization: `Bearer ${laptop.token}` })).toBe(account.email);
    expect((await anotherDevice(account)).token).toBeTruthy();
  });
});

describe('the list of sessions', () => {
  it('describes each session of the account without its token, so that no session yields the others', async () => {
    const account = await signUp(testApp.app, 'lister@bazaar.test');
    const laptop = await anotherDevice(account);
    const response = await listSessions(asBearer(account));
    expect(response.statusCode).toBe(200);
    const sessions = response.json<ListedSession[]>();
    expect(sessions).toHaveLength(2);
    for (const session of sessions) {
      expect(session.id).toEqual(expect.any(String));
      expect(session).not.toHaveProperty('token');
    }
    // Neither token appears anywhere in the answer.
    expect(response.body).not.toContain(account.token);
    expect(response.body).not.toContain(laptop.token);
  });
});

describe("the client's address", () => {
  it('is the connection’s unless TRUST_PROXY is set: a forged X-Forwarded-For is not recorded', async () => {
    const account = await signUp(testApp.app, 'forger@bazaar.test');
    await anotherDevice(account, {
      'x-forwarded-for': '203.0.113.66',
      'x-bazaar-client-address': '203.0.113.67',
    });
    const sessions = (await listSessions(asBearer(account))).json<ListedSession[]>();
    expect(sessions.map((session) => session.ipAddress)).toEqual(['127.0.0.1', '127.0.0.1']);
  });

  it('is the entry the nearest proxy wrote when TRUST_PROXY counts one proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        // The client wrote the first entry; the proxy appended the address it saw.
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '203.0.113.66, 198.51.100.7' },
        payload: { name: 'Proxied', email: 'proxied@bazaar.test', password: TEST_PASSWORD },
      });
      const token = String(response.headers['set-auth-token']);
      const sessions = await proxied.app.inject({
        method: 'GET',
        url: '/api/auth/list-sessions',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(sessions.json<ListedSession[]>().map((session) => session.ipAddress)).toEqual(['198.51.100.7']);
    } finally {
      await proxied.close();
    }
  });
});

describe('signing out everywhere', () => {
  it('ends every session of the account, the one that asked too, and no other account’s', async () => {
    const account = await signUp(testApp.app, 'everywhere@bazaar.test');
    const laptop = await anotherDevice(account);
    const bystander = await signUp(testApp.app, 'bystander-everywhere@bazaar.test');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-sessions',
      headers: { ...asBearer(account), origin: TEST_ORIGIN },
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    for (const device of [account, laptop]) {
      expect(await signedInAs({ authorization: `Bearer ${device.token}` })).toBeNull();
      expect(await signedInAs({ cookie: device.cookie })).toBeNull();
    }
    expect(await signedInAs(asBearer(bystander))).toBe(bystander.email);
    // The password still works: signing in again starts a new session.
    expect((await anotherDevice(account)).token).toBeTruthy();
  });

  it('is refused to an anonymous caller', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-sessions',
      headers: { origin: TEST_ORIGIN },
      payload: {},
    });
    expect(response.statusCode).toBe(401);
  });
});
