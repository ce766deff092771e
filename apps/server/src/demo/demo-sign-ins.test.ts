import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { accounts, users } from '../db/schema.ts';
import { signIn as signInTo } from '../test/accounts.ts';
import { useTestApp } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { signInLine, type DemoSignIn } from './demo-sign-ins.ts';
import { DEMO_BUYER_EMAIL, DEMO_MAKER_EMAIL, DEMO_SELLER_EMAIL, seedDemoData } from './seed.ts';

const testApp = useTestApp();

const signIn = (email: string, password: string) => signInTo(testApp.app, email, password);

// A catalog of no products: the demo people and their passwords are what these tests are about.
const seed = async (db = testApp.database.db) => (await seedDemoData(db, { products: 0 })).signIns;

const passwordOf = (signIns: DemoSignIn[], email: string) =>
  signIns.find((signIn) => signIn.email === email)?.password ?? '';

describe('the demo accounts', () => {
  it('are the demo seller and a demo buyer, who sign in with the passwords the seed shows', async () => {
    const signIns = await seed();
    expect(signIns.map(signInLine)).toEqual([
      expect.stringMatching(/^Demo seller: seller@bazaar\.test \/ [a-z]{4}-[a-z]{4}-[a-z]{4}-[a-z]{4}$/),
      expect.stringMatching(
        /^Demo buyer: ava\.thompson@bazaar\.test \/ [a-z]{4}-[a-z]{4}-[a-z]{4}-[a-z]{4}$/,
      ),
    ]);
    for (const { email, password } of signIns) {
      const response = await signIn(email, password);
      expect(response.statusCode, email).toBe(200);
      expect(response.json()).toMatchObject({ user: { email } });
    }
    expect((await signIn(DEMO_SELLER_EMAIL, passwordOf(signIns, DEMO_BUYER_EMAIL))).statusCode).toBe(401);
    // The other demo people have no password at all.
    expect((await signIn(DEMO_MAKER_EMAIL, passwordOf(signIns, DEMO_SELLER_EMAIL))).statusCode).toBe(401);
  });

  it('get new passwords at every seeding and in every database, kept only hashed', async () => {
    const earlier = await seed();
    const other = await createTestDatabase();
    const elsewhere = await seed(other.db).finally(() => other.close());
    const now = await seed();

    const passwords = [...earlier, ...elsewhere, ...now].map((signIn) => signIn.password);
    expect(new Set(passwords).size).toBe(passwords.length);
    expect((await signIn(DEMO_SELLER_EMAIL, passwordOf(earlier, DEMO_SELLER_EMAIL))).statusCode).toBe(401);
    expect((await signIn(DEMO_SELLER_EMAIL, passwordOf(now, DEMO_SELLER_EMAIL))).statusCode).toBe(200);

    const stored = await testApp.database.db
      .select({ email: users.email, providerId: accounts.providerId, password: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(inArray(users.email, [DEMO_SELLER_EMAIL, DEMO_BUYER_EMAIL, DEMO_MAKER_EMAIL]));
    expect(stored.map(({ email, providerId }) => [email, providerId]).sort()).toEqual([
      [DEMO_BUYER_EMAIL, 'credential'],
      [DEMO_SELLER_EMAIL, 'credential'],
    ]);
    for (const { email, password } of stored) {
      expect(password).not.toContain(passwordOf(now, email));
      expect(password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
    }
  });
});
