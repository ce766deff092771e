import { describe, expect, it } from 'vitest';
import {
  asBearer,
  signIn as signInTo,
  signUp,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestAccount,
} from '../test/accounts.ts';
import { confirmationToken, confirmEmail } from '../test/email-confirmation.ts';
import { latestMail } from '../test/outbox.ts';
import { useTestApp } from '../test/test-app.ts';
import { createEmailConfirmationRepository, RESET_LINK_SECONDS } from '../modules/auth/auth.module.ts';

// Without mail, registering signs in at once: whoever registers an address first holds a session and a password.
const testApp = useTestApp();

const OWNERS_PASSWORD = 'the owner of the mailbox';

const signIn = (email: string, password: string) => signInTo(testApp.app, email, password);

const sessionWorks = async (account: TestAccount) =>
  (
    await testApp.app.inject({
      method: 'GET',
      url: `/api/users/${account.email}`,
      headers: asBearer(account),
    })
  ).statusCode === 200;

const verified = async (email: string) => {
  const response = await signIn(email, OWNERS_PASSWORD);
  return (
    response.statusCode === 200 && response.json<{ user: { emailVerified: boolean } }>().user.emailVerified
  );
};

/** Each way an address becomes verified, done by whoever controls the mailbox (or the operator). */
const WAYS: {
  way: string;
  verify: (account: TestAccount) => Promise<void>;
  registrantsPasswordEnds: boolean;
}[] = [
  {
    way: 'the link with the password registered (the confirmer proved it: it is theirs)',
    registrantsPasswordEnds: false,
    async verify(account) {
      const token = await confirmationToken(testApp.database.db, account.email);
      expect((await confirmEmail(testApp.app, { token, password: TEST_PASSWORD })).statusCode).toBe(200);
    },
  },
  {
    way: 'the link with a new password',
    registrantsPasswordEnds: true,
    async verify(account) {
      const token = await confirmationToken(testApp.database.db, account.email);
      expect((await confirmEmail(testApp.app, { token, newPassword: OWNERS_PASSWORD })).statusCode).toBe(200);
    },
  },
  {
    way: 'the operator’s command (npm run users -- verify), then its reset link',
    registrantsPasswordEnds: true,
    async verify(account) {
      const taken = await createEmailConfirmationRepository(testApp.database.db).takeOver(
        account.email,
        RESET_LINK_SECONDS,
      );
      const reset = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: { origin: TEST_ORIGIN },
        payload: { token: taken?.resetToken, newPassword: OWNERS_PASSWORD },
      });
      expect(reset.statusCode, reset.body).toBe(200);
    },
  },
];

describe('pre-verification sessions and passwords', () => {
  it.each(WAYS.map((way, index) => ({ ...way, index })))(
    'none set up before the address is verified survives $way',
    async ({ verify, registrantsPasswordEnds, index }) => {
      const registrant = await signUp(testApp.app, `pre-verification-${index}@bazaar.test`);
      // A second session of the registrant's, as an API client would keep.
      const second = await signIn(registrant.email, TEST_PASSWORD);
      const other = { ...registrant, token: String(second.headers['set-auth-token']) };
      expect(await sessionWorks(registrant)).toBe(true);
      expect(await sessionWorks(other)).toBe(true);

      await verify(registrant);

      expect(await sessionWorks(registrant)).toBe(false);
      expect(await sessionWorks(other)).toBe(false);
      if (registrantsPasswordEnds) {
        expect((await signIn(registrant.email, TEST_PASSWORD)).statusCode).toBe(401);
        expect(await verified(registrant.email)).toBe(true);
      } else {
        expect((await signIn(registrant.email, TEST_PASSWORD)).json()).toMatchObject({
          user: { emailVerified: true },
        });
      }
    },
  );

  it('a password reset of an unverified account is not a way: it leaves the address unverified', async () => {
    const registrant = await signUp(testApp.app, 'pre-verification-reset@bazaar.test');
    const asked = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email: registrant.email, redirectTo: '/reset-password' },
    });
    expect(asked.statusCode).toBe(200);
    const link = (await latestMail(testApp.database.db, registrant.email, 'reset-password'))?.link;
    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { token: link?.searchParams.get('token'), newPassword: OWNERS_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await sessionWorks(registrant)).toBe(false);
    expect((await signIn(registrant.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect(await verified(registrant.email)).toBe(false);
  });
});
