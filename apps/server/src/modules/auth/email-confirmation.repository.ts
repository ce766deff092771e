import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema.ts';
import { CREDENTIAL_PROVIDER_ID as CREDENTIAL } from './password-hashing.ts';

/** The account a confirmation link or the operator's command is about. */
export interface AccountToConfirm {
  id: string;
  email: string;
  name: string;
  handle: string;
  emailVerified: boolean;
  createdAt: Date;
  /** The hash of the password the account was registered with; null when it has none. */
  passwordHash: string | null;
}

/** Who registered an address, as the operator's command reports it before taking the account over. */
export interface Registrant {
  name: string;
  handle: string;
  createdAt: Date;
  /** The client address of the account's first session still kept; null when none is. */
  firstSessionAddress: string | null;
}

/** An error that rolls the transaction back, remembered with the reason the caller is told. */
function remember(
  refused: Map<unknown, 'already' | 'password changed'>,
  reason: 'already' | 'password changed',
) {
  const error = new Error(reason);
  refused.set(error, reason);
  return error;
}

export function createEmailConfirmationRepository(db: Database) {
  return {
    async findAccount(email: string): Promise<AccountToConfirm | undefined> {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          handle: users.handle,
          emailVerified: users.emailVerified,
          createdAt: users.createdAt,
          passwordHash: accounts.password,
        })
        .from(users)
        .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, CREDENTIAL)))
        .where(eq(users.email, email.trim().toLowerCase()))
        .limit(1);
      return row;
    },

    /**
     * Marks the e-mail verified and ends every session of the account, in one transaction; with `newHash`, the
     * password becomes it first. Nothing changes when the account was confirmed meanwhile ('already'), or its
     * password is no longer `provenHash`, the one just checked ('password changed'). The session triggers
     * announce the deletion to every process's session memory (migration 0017).
     */
    async confirm(
      userId: string,
      change: { newHash: string } | { provenHash: string },
    ): Promise<'confirmed' | 'already' | 'password changed'> {
      const refused = new Map<unknown, 'already' | 'password changed'>();
      try {
        return await db.transaction(async (tx) => {
          const [confirmed] = await tx
            .update(users)
            .set({ emailVerified: true, updatedAt: sql`now()` })
            .where(and(eq(users.id, userId), eq(users.emailVerified, false)))
            .returning({ id: users.id });
          if (!confirmed) throw remember(refused, 'already');
          const credential = and(eq(accounts.userId, userId), eq(accounts.providerId, CREDENTIAL));
          if ('newHash' in change) {
            const [updated] = await tx
              .update(accounts)
              .set({ password: change.newHash, updatedAt: sql`now()` })
              .where(credential)
              .returning({ id: accounts.id });
            if (!updated) {
              await tx.insert(accounts).values({
                id: randomUUID(),
                userId,
                accountId: userId,
                providerId: CREDENTIAL,
                password: change.newHash,
              });
            }
          } else {
            const [still] = await tx
              .select({ id: accounts.id })
              .from(accounts)
              .where(and(credential, eq(accounts.password, change.provenHash)))
              .for('update');
            if (!still) throw remember(refused, 'password changed');
          }
          await tx.delete(sessions).where(eq(sessions.userId, userId));
          return 'confirmed' as const;
        });
      } catch (error) {
        const reason = refused.get(error);
        if (reason) return reason;
        throw error;
      }
    },

    /**
     * The operator's verification: in one transaction the e-mail is verified, every session ends, the password
     * goes (none set before survives) and a one-time reset token of Better Auth's kind is stored, so that only
     * whoever the operator hands its link to chooses the password. Undefined when the address has no account.
     */
    takeOver(
      email: string,
      linkSeconds: number,
    ): Promise<{ registrant: Registrant; resetToken: string } | undefined> {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .update(users)
          .set({ emailVerified: true, updatedAt: sql`now()` })
          .where(eq(users.email, email.trim().toLowerCase()))
          .returning({ id: users.id, name: users.name, handle: users.handle, createdAt: users.createdAt });
        if (!user) return undefined;
        const [first] = await tx
          .select({ address: sessions.ipAddress })
          .from(sessions)
          .where(and(eq(sessions.userId, user.id), isNotNull(sessions.ipAddress)))
          .orderBy(asc(sessions.createdAt))
          .limit(1);
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
        await tx
          .update(accounts)
          .set({ password: null, updatedAt: sql`now()` })
          .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, CREDENTIAL)));
        // As Better Auth's request-password-reset stores them, so that its reset-password spends it.
        const resetToken = randomBytes(18).toString('base64url');
        await tx.insert(verifications).values({
          id: randomUUID(),
          identifier: `reset-password:${resetToken}`,
          value: user.id,
          expiresAt: new Date(Date.now() + linkSeconds * 1000),
        });
        return {
          resetToken,
          registrant: {
            name: user.name,
            handle: user.handle,
            createdAt: user.createdAt,
            firstSessionAddress: first?.address ?? null,
          },
        };
      });
    },
  };
}

export type EmailConfirmationRepository = ReturnType<typeof createEmailConfirmationRepository>;
