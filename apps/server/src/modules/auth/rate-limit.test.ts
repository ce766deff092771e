import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../http/app.ts';
import { signUp, TEST_ORIGIN, TEST_PASSWORD } from '../../test/accounts.ts';
import { createTestApp, useTestApp } from '../../test/test-app.ts';
import { EMAIL_CEILING_FACTOR } from './auth-calls.ts';

const MAX = 3;

const testApp = useTestApp({ AUTH_RATE_LIMIT_MAX: String(MAX) });

/** Each test uses its own addresses and e-mails: the counters of one window outlive a test. */
function attempt(
  target: FastifyInstance,
  ip: string,
  email: string,
  options: { path?: 'sign-in' | 'sign-up'; headers?: Record<string, string> } = {},
) {
  const path = options.path ?? 'sign-in';
  return target.inject({
    method: 'POST',
    url: `/api/auth/${path}/email`,
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN, ...options.headers },
    payload: { email, password: path === 'sign-up' ? TEST_PASSWORD : 'a wrong guess', name: 'Rita Rate' },
  });
}

function expectLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.json()).toEqual({
    error: 'RATE_LIMITED',
    message: `Too many sign-in attempts. Try again in ${retryAfter} seconds.`,
  });
}

/** Not stopped by the limiter: Better Auth answered (401 for a wrong password, 200 for a sign-up). */
function expectAnswered(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).not.toBe(429);
  expect(response.statusCode, response.body).toBeLessThan(500);
}

describe('sign-in attempts', () => {
  it(`from one IP address are refused after ${MAX} in a window, whatever the e-mail`, async () => {
    for (let n = 1; n <= MAX; n += 1) {
      expect((await attempt(testApp.app, '10.1.0.1', `ip-guess-${n}@bazaar.test`)).statusCode).toBe(401);
    }
    expectLimited(await attempt(testApp.app, '10.1.0.1', 'ip-guess-4@bazaar.test'));
    // The limit is per address: another one goes on.
    expectAnswered(await attempt(testApp.app, '10.1.0.2', 'ip-guess-5@bazaar.test'));
  });

  it('are refused even with the right password once the limit is reached', async () => {
    await signUp(testApp.app, 'patient@bazaar.test');
    for (let n = 1; n <= MAX; n += 1) await attempt(testApp.app, '10.1.1.1', `someone-${n}@bazaar.test`);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '10.1.1.1',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'patient@bazaar.test', password: TEST_PASSWORD },
    });
    expectLimited(response);
    expect(response.headers['set-auth-token']).toBeUndefined();
  });

  it(`against one e-mail are limited across IP addresses only past ${EMAIL_CEILING_FACTOR} × ${MAX} failures, in any letter case`, async () => {
    const victim = 'victim@bazaar.test';
    const spellings = [victim, 'Victim@Bazaar.test', ` ${victim.toUpperCase()} `];
    // Each address stays within its own limit; together they reach the e-mail's ceiling.
    for (let address = 1; address <= EMAIL_CEILING_FACTOR; address += 1) {
      for (let n = 1; n <= MAX; n += 1) {
        expectAnswered(await attempt(testApp.app, `10.2.0.${address}`, spellings[n - 1]!));
      }
    }
    expectLimited(await attempt(testApp.app, '10.2.0.99', victim));
    // Another e-mail from another address is not affected.
    expectAnswered(await attempt(testApp.app, '10.2.0.100', 'bystander@bazaar.test'));
  });

  it('from one address, and registrations of the e-mail, do not keep its owner out from another', async () => {
    const owner = { email: 'kept-out@bazaar.test' };
    expect((await attempt(testApp.app, '10.2.1.20', owner.email, { path: 'sign-up' })).statusCode).toBe(200);
    const signInAsOwner = (ip: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: ip,
        headers: { origin: TEST_ORIGIN },
        payload: { email: owner.email, password: TEST_PASSWORD },
      });
    // Registering the owner's e-mail, from several addresses, each up to its limit.
    for (const ip of ['10.2.1.1', '10.2.1.2']) {
      for (let n = 1; n <= MAX; n += 1)
        expectAnswered(await attempt(testApp.app, ip, owner.email, { path: 'sign-up' }));
      expectLimited(await attempt(testApp.app, ip, owner.email, { path: 'sign-up' }));
    }
    expect((await signInAsOwner('10.2.1.9')).statusCode).toBe(200);
    // Guessing the owner's password from one address, past its limit.
    for (let n = 1; n <= MAX; n += 1)
      expect((await attempt(testApp.app, '10.2.1.3', owner.email)).statusCode).toBe(401);
    for (let n = 1; n <= MAX; n += 1) expectLimited(await attempt(testApp.app, '10.2.1.3', owner.email));
    const signedIn = await signInAsOwner('10.2.1.10');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.headers['set-auth-token']).toBeTruthy();
  });

  it("count only failures against the e-mail: its owner's sign-ins bring it no nearer its ceiling", async () => {
    const owner = { email: 'often-in@bazaar.test' };
    expect((await attempt(testApp.app, '10.2.2.20', owner.email, { path: 'sign-up' })).statusCode).toBe(200);
    for (let address = 1; address <= EMAIL_CEILING_FACTOR; address += 1) {
      const ip = `10.2.2.${address}`;
      for (let n = 1; n < MAX; n += 1) {
        const response = await testApp.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: ip,
          headers: { origin: TEST_ORIGIN },
          payload: { email: owner.email, password: TEST_PASSWORD },
        });
        expect(response.statusCode, response.body).toBe(200);
      }
      expect((await attempt(testApp.app, ip, owner.email)).statusCode).toBe(401);
    }
    // As many attempts as the ceiling, but only a third of them failures: the next guess is still answered.
    expect((await attempt(testApp.app, '10.2.2.99', owner.email)).statusCode).toBe(401);
  });

  it('cannot escape the per-address limit with a forged X-Forwarded-For when no proxy is trusted', async () => {
    for (let n = 1; n <= MAX; n += 1) {
      await attempt(testApp.app, '10.3.0.1', `forger-${n}@bazaar.test`, {
        headers: { 'x-forwarded-for': `192.0.2.${n}` },
      });
    }
    expectLimited(
      await attempt(testApp.app, '10.3.0.1', 'forger-4@bazaar.test', {
        headers: { 'x-forwarded-for': '192.0.2.99' },
      }),
    );
  });

  it('cannot escape the limit through another spelling of the path', async () => {
    for (let n = 1; n <= MAX; n += 1) await attempt(testApp.app, '10.4.0.1', `spelling-${n}@bazaar.test`);
    for (const url of [
      '/api/auth/sign-in/email?x=1',
      '/api/auth/sign-in/email/',
      '/api/auth/sign-in//email',
      '/api/auth/Sign-In/Email',
      '/api/auth/sign-in/%65mail',
      '/api//auth/sign-in/email',
    ]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url,
        remoteAddress: '10.4.0.1',
        headers: { origin: TEST_ORIGIN },
        payload: { email: 'spelling-x@bazaar.test', password: 'a wrong guess' },
      });
      // Either limited, or no sign-in at all: nothing that checks a password answers another spelling.
      expect([404, 429], `${url}: ${response.statusCode} ${response.body}`).toContain(response.statusCode);
      expect(response.json<{ error: string }>().error).toBe(
        response.statusCode === 429 ? 'RATE_LIMITED' : 'NOT_FOUND',
      );
    }
  });
});

describe('registrations', () => {
  it(`from one IP address are refused after ${MAX} in a window, and the refused one creates nothing`, async () => {
    for (let n = 1; n <= MAX; n += 1) {
      expect(
        (await attempt(testApp.app, '10.5.0.1', `spammer-${n}@bazaar.test`, { path: 'sign-up' })).statusCode,
      ).toBe(200);
    }
    expectLimited(await attempt(testApp.app, '10.5.0.1', 'spammer-4@bazaar.test', { path: 'sign-up' }));
    // The address is still free: the refused registration made no account.
    expect(
      (await attempt(testApp.app, '10.5.0.2', 'spammer-4@bazaar.test', { path: 'sign-up' })).statusCode,
    ).toBe(200);
  });
});

describe('several server processes on one database', () => {
  it('share the counters', async () => {
    const second = await buildApp({ database: testApp.database, env: testApp.env });
    try {
      expectAnswered(await attempt(testApp.app, '10.6.0.1', 'shared-1@bazaar.test'));
      expectAnswered(await attempt(second, '10.6.0.1', 'shared-2@bazaar.test'));
      expectAnswered(await attempt(testApp.app, '10.6.0.1', 'shared-3@bazaar.test'));
      expectLimited(await attempt(second, '10.6.0.1', 'shared-4@bazaar.test'));
      expectLimited(await attempt(testApp.app, '10.6.0.1', 'shared-5@bazaar.test'));
    } finally {
      await second.close();
    }
  });
});

describe('the window', () => {
  it('lets attempts through again once it has passed', async () => {
    // MAX 1: the refused attempt comes right after the allowed one, well inside a 1 s window; the allowed one
    // names a malformed e-mail, which Better Auth refuses without spending time on hashing a password.
    const shortWindow = await createTestApp({
      AUTH_RATE_LIMIT_MAX: '1',
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '1',
    });
    try {
      expectAnswered(await attempt(shortWindow.app, '10.7.0.1', 'not-an-e-mail'));
      const refused = await attempt(shortWindow.app, '10.7.0.1', 'later-2@bazaar.test');
      expectLimited(refused);
      expect(refused.headers['retry-after']).toBe('1');
      await sleep(1200);
      expectAnswered(await attempt(shortWindow.app, '10.7.0.1', 'later-3@bazaar.test'));
    } finally {
      await shortWindow.close();
    }
  });
});
