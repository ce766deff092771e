import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { queue } from '../../lib/in-turn.ts';

/**
 * How many password hashes run at once. Each is Better Auth's scrypt (N = 16384, r = 16: 32 MB of memory while it
 * runs, in libuv's thread pool); a burst of sign-ins would otherwise run four at once (the pool's threads) and the
 * C heap keeps what they took. One at a time keeps a burst to 32 MB; the others wait their turn (about 50–100 ms
 * each on this machine), which the sign-in limits make a cost only to someone trying many passwords.
 */
export const CONCURRENT_PASSWORD_HASHES = 1;

/** Better Auth's own hashing (parameters unchanged), with at most `size` hashes or checks running at once. */
export function boundedPasswordHashing(size = CONCURRENT_PASSWORD_HASHES) {
  const inTurn = queue(size);
  return {
    hash: (password: string) => inTurn(() => hashPassword(password)),
    verify: (data: { hash: string; password: string }) => inTurn(() => verifyPassword(data)),
    /** Hashes running and waiting, for tests. */
    load: inTurn.load,
  };
}
