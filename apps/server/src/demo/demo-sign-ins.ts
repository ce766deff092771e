import { randomInt, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { boundedPasswordHashing, CREDENTIAL_PROVIDER_ID } from '../modules/auth/auth.module.ts';

/** A demo account someone may sign into, with the password this seeding gave it. */
export interface DemoSignIn {
  /** Who the account is in the demo shop, as the start log names it: "Demo seller". */
  role: string;
  email: string;
  password: string;
}

// Letters only, without i, l and o, which read as 1 and 0: the password is typed from a log line.
const LETTERS = 'abcdefghjkmnpqrstuvwxyz';

/** Four groups of four letters: about 72 bits, from the operating system's random source. */
function newPassword(): string {
  const group = () => Array.from({ length: 4 }, () => LETTERS[randomInt(LETTERS.length)]).join('');
  return Array.from({ length: 4 }, group).join('-');
}

/**
 * New passwords for the demo accounts in `roles` (role → e-mail) and their hashes, the shop's scrypt (about 100 ms
 * each): made before the seed's transaction, so that it does not wait for them.
 */
export async function newDemoPasswords(roles: Readonly<Record<string, string>>) {
  const hashing = boundedPasswordHashing();
  return Promise.all(
    Object.entries(roles).map(async ([role, email]) => {
      const password = newPassword();
      return { signIn: { role, email, password } satisfies DemoSignIn, hash: await hashing.hash(password) };
    }),
  );
}

/** Makes `hash` the password of user `userId`, as Better Auth keeps one: its credential account. */
export async function storePassword(db: Database, userId: string, hash: string): Promise<void> {
  await db
    .delete(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, CREDENTIAL_PROVIDER_ID)));
  await db.insert(accounts).values({
    id: randomUUID(),
    userId,
    accountId: userId,
    providerId: CREDENTIAL_PROVIDER_ID,
    password: hash,
  });
}

/** The start log's line for `signIn`: "Demo seller: seller@bazaar.test / abcd-efgh-jkmn-pqrs". */
export const signInLine = ({ role, email, password }: DemoSignIn) => `${role}: ${email} / ${password}`;
