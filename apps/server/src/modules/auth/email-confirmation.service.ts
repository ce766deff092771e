import { verifyJWT } from 'better-auth/crypto';
import type { ConfirmEmail, EmailToConfirm } from '@bazaar/shared/auth';
import { AppError } from '../../errors/app-error.ts';
import { attemptCounters } from './auth-calls.ts';
import type { AccountToConfirm, EmailConfirmationRepository } from './email-confirmation.repository.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';

/** What the service needs of Better Auth: its secret (which signs the links) and its password hasher. */
export interface ConfirmationAuth {
  secret: string;
  password: {
    hash: (password: string) => Promise<string>;
    verify: (data: { password: string; hash: string }) => Promise<boolean>;
  };
}

/** The signed-in caller, if any: a link never switches a browser from one account to another. */
export interface Caller {
  address: string;
  viewer: { id: string; email: string } | null;
}

const invalidLink = () =>
  new AppError(
    'INVALID_LINK',
    'This link has expired or is not valid: links work for a day. Ask for a new one.',
  );

const alreadyConfirmed = () =>
  new AppError('ALREADY_CONFIRMED', 'This link was used already: the address is confirmed. Log in.');

const wrongPassword = () =>
  new AppError(
    'WRONG_PASSWORD',
    'That is not the password this address was registered with. Someone else may have registered it first: choose the password to keep.',
  );

export function createEmailConfirmationService(
  repository: EmailConfirmationRepository,
  auth: () => Promise<ConfirmationAuth>,
  limiter: RateLimiter,
) {
  /** The account a link names: Better Auth's HS256 token, signed with the auth secret, carries its e-mail. */
  async function accountOf(token: string): Promise<AccountToConfirm> {
    const payload = await verifyJWT<{ email?: unknown; userId?: unknown; updateTo?: unknown }>(
      token,
      (await auth()).secret,
    );
    // A change-of-address token is not a confirmation (the shop does not offer changing an address).
    if (!payload || typeof payload.email !== 'string' || payload.updateTo !== undefined) throw invalidLink();
    const account = await repository.findAccount(payload.email);
    // A link made for an account that was removed and registered again is not the new account's.
    if (!account || (payload.userId !== undefined && payload.userId !== account.id)) throw invalidLink();
    return account;
  }

  /** Counts the attempt as a sign-in: a password guessed through a link is a password guessed. */
  async function countAttempt(keys: { address?: string; email?: string }): Promise<void> {
    for (const counter of Object.values(attemptCounters(limiter, { kind: 'sign-in', ...keys }))) {
      const outcome = await limiter.hit(counter.key, counter.max);
      if (!outcome.allowed) {
        throw new AppError(
          'RATE_LIMITED',
          `Too many sign-in attempts. Try again in ${outcome.retryAfterSeconds} seconds.`,
          undefined,
          { 'retry-after': String(outcome.retryAfterSeconds) },
        );
      }
    }
  }

  function refuseOtherAccount(caller: Caller, account: AccountToConfirm): void {
    if (caller.viewer && caller.viewer.id !== account.id) {
      throw new AppError(
        'FORBIDDEN',
        `This link confirms ${account.email}; this browser is signed in as ${caller.viewer.email}. Sign out to confirm it.`,
      );
    }
  }

  return {
    /** The address a link confirms, and whether it is confirmed already. */
    async describe(token: string): Promise<EmailToConfirm> {
      const account = await accountOf(token);
      return { email: account.email, confirmed: account.emailVerified };
    },

    /**
     * Confirms the address of the link's account with its password, or with a new password that replaces
     * whatever was set; every session of the account ends, so nothing set up before confirmation survives it.
     */
    async confirm(input: ConfirmEmail, caller: Caller): Promise<EmailToConfirm> {
      await countAttempt({ address: caller.address });
      const account = await accountOf(input.token);
      await countAttempt({ email: account.email });
      refuseOtherAccount(caller, account);
      if (account.emailVerified) throw alreadyConfirmed();
      const { password } = await auth();
      let outcome: Awaited<ReturnType<EmailConfirmationRepository['confirm']>>;
      if ('newPassword' in input) {
        outcome = await repository.confirm(account.id, { newHash: await password.hash(input.newPassword) });
      } else {
        const proven =
          account.passwordHash !== null &&
          (await password.verify({ hash: account.passwordHash, password: input.password }));
        if (!proven || account.passwordHash === null) throw wrongPassword();
        outcome = await repository.confirm(account.id, { provenHash: account.passwordHash });
      }
      // Confirmed meanwhile, or its password changed since it was checked: nothing was changed.
      if (outcome === 'already') throw alreadyConfirmed();
      if (outcome === 'password changed') throw wrongPassword();
      return { email: account.email, confirmed: true };
    },
  };
}

export type EmailConfirmationService = ReturnType<typeof createEmailConfirmationService>;
