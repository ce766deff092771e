import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { signUp, TEST_ORIGIN, TEST_PASSWORD } from '../../test/accounts.ts';
import { useTestApp } from '../../test/test-app.ts';
import { EVEN_ANSWER_MS } from './auth-calls.ts';

const CAP = 3;
const ACCOUNT_MAIL_KINDS = ['verify-email', 'reset-password', 'existing-account'];

/** How many account mails (of any of the three kinds) were queued to `to`. */
async function accountMails(db: Database, to: string): Promise<number> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), inArray(mailOutbox.kind, ACCOUNT_MAIL_KINDS)));
  return rows.length;
}

/** A call from its own client address (so that no per-address limit is what stops it), timed. */
async function timedCall(app: FastifyInstance, url: string, remoteAddress: string, payload: object) {
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { origin: TEST_ORIGIN },
    payload,
  });
  return { status: response.statusCode, body: response.body, ms: performance.now() - started };
}

describe(`account mails to one address: at most ACCOUNT_MAILS_PER_HOUR (${CAP})`, () => {
  const testApp = useTestApp({ ACCOUNT_MAILS_PER_HOUR: String(CAP) });

  it(`${CAP} + 3 reset requests queue ${CAP} links, each answered as for an unknown address`, async () => {
    const account = await signUp(testApp.app, 'flooded@bazaar.test');
    const reset = (email: string, n: number) =>
      timedCall(testApp.app, '/api/auth/request-password-reset', `10.20.${n}.1`, { email });
    const unknown = await reset('nobody-here@bazaar.test', 0);
    for (let n = 1; n <= CAP + 3; n += 1) {
      const answer = await reset(account.email, n);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: unknown.status,
        body: unknown.body,
      });
      // Held to the same minimum time as every other answer of the call, queued or not.
      expect(answer.ms).toBeGreaterThanOrEqual(EVEN_ANSWER_MS - 5);
    }
    expect(await accountMails(testApp.database.db, account.email)).toBe(CAP);
  });

  it(`${CAP} of 20 simultaneous reset requests from 20 addresses are queued, no more`, async () => {
    const account = await signUp(testApp.app, 'stampede@bazaar.test');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        timedCall(testApp.app, '/api/auth/request-password-reset', `10.21.${n}.1`, { email: account.email }),
      ),
    );
    expect(new Set(answers.map(({ status, body }) => `${status} ${body}`)).size).toBe(1);
    expect(answers[0]?.status).toBe(200);
    expect(await accountMails(testApp.database.db, account.email)).toBe(CAP);
  });
});

describe('account mails to one address when e-mails must be verified', () => {
  const testApp = useTestApp({ REQUIRE_EMAIL_VERIFICATION: 'true', ACCOUNT_MAILS_PER_HOUR: String(CAP) });

  it('count every kind together: registrations, sign-ins awaiting verification, resends and resets', async () => {
    const email = 'taken@bazaar.test';
    const register = (address: string, registered: string) =>
      timedCall(testApp.app, '/api/auth/sign-up/email', address, {
        name: 'Rae Register',
        email: registered,
        password: TEST_PASSWORD,
      });
    // The first registration queues the verification link: one of the hour's mails.
    const first = await register('10.22.0.1', email);
    const fresh = await register('10.22.0.2', 'fresh-one@bazaar.test');
    for (let n = 1; n <= CAP + 2; n += 1) {
      // Registering the taken e-mail again answers as registering a new one does; its owner is mailed at most CAP.
      const again = await register(`10.22.1.${n}`, email);
      expect({ status: again.status, body: again.body }).toEqual({ status: fresh.status, body: fresh.body });
      expect(again.ms).toBeGreaterThanOrEqual(EVEN_ANSWER_MS - 5);
    }
    expect(first.status).toBe(200);
    expect(await accountMails(testApp.database.db, email)).toBe(CAP);

    // Past the cap, a sign-in awaiting verification (Better Auth's resend on sign-in), an anonymous resend and a
    // reset request answer as before and queue nothing.
    const signIn = await timedCall(testApp.app, '/api/auth/sign-in/email', '10.22.2.1', {
      email,
      password: TEST_PASSWORD,
    });
    expect(signIn.status).toBe(403);
    expect(JSON.parse(signIn.body)).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    const resend = await timedCall(testApp.app, '/api/auth/send-verification-email', '10.22.2.2', { email });
    const resendUnknown = await timedCall(testApp.app, '/api/auth/send-verification-email', '10.22.2.3', {
      email: 'nobody-there@bazaar.test',
    });
    expect({ status: resend.status, body: resend.body }).toEqual({
      status: resendUnknown.status,
      body: resendUnknown.body,
    });
    const reset = await timedCall(testApp.app, '/api/auth/request-password-reset', '10.22.2.4', { email });
    expect(reset.status).toBe(200);
    expect(await accountMails(testApp.database.db, email)).toBe(CAP);
  });
});
