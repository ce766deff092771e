import type { Database } from '../../db/client.ts';
import { queueMail, type OutgoingMail } from '../mail/mail.module.ts';
import { createRateLimiter } from '../../lib/rate-limiter.ts';

/**
 * Queues account mails (verification and reset links, "someone registered your address"), at most `perHour` to
 * one address in each hour's window, so that nobody can flood a mailbox through the shop's sign-up and link calls.
 * Past the cap the mail is dropped silently: the call answers as it would have, and the caller cannot tell.
 * The counter is an atomic upsert in the database, so concurrent requests and every server process share it and
 * no two of them get the last slot.
 */
export function accountMailQueue(db: Database, perHour: number) {
  const limiter = createRateLimiter(db, { max: perHour, windowSeconds: 60 * 60, keyPrefix: 'account-mail:' });
  return async (mail: OutgoingMail): Promise<void> => {
    if ((await limiter.hit(mail.to.trim().toLowerCase())).allowed) await queueMail(db, [mail]);
  };
}
