import { AppError } from '../../errors/app-error.ts';
import { queue } from '../../lib/in-turn.ts';

/** What a refused upload is told to wait: about the time the pictures ahead of it take. */
const RETRY_AFTER_SECONDS = 10;

export interface UploadTicket {
  /** Runs `task` in its turn: at most `atOnce` pictures are decoded at a time. */
  inTurn<T>(task: () => Promise<T>): Promise<T>;
  /** Gives the place back; called once the answer is decided, whatever it is. */
  release(): void;
}

/**
 * The uploads this process takes in at once (issue 42, point 6): at most `max` received, waiting or being decoded,
 * and at most `perUser` of them from one user, so that one user cannot fill the queue. A place is taken before the
 * body is read, so a refused upload costs neither memory nor disk; a file that waits for its turn waits on disk.
 */
export function createUploadQueue(options: { max: number; perUser: number; atOnce: number }) {
  const { max, perUser, atOnce } = options;
  const inTurn = queue(atOnce);
  const byUser = new Map<string, number>();
  let taken = 0;

  return {
    /** A place for `userId`'s upload, or a 503 (the queue is full) or 429 (this user's share is), with Retry-After. */
    admit(userId: string): UploadTicket {
      const mine = byUser.get(userId) ?? 0;
      const retryAfter = { 'Retry-After': String(RETRY_AFTER_SECONDS) };
      if (mine >= perUser) {
        throw new AppError(
          'RATE_LIMITED',
          `You have ${mine} pictures on their way already; send the next when one is done.`,
          undefined,
          retryAfter,
        );
      }
      if (taken >= max) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'The shop is busy with other pictures; try again in a few seconds.',
          undefined,
          retryAfter,
        );
      }
      taken += 1;
      byUser.set(userId, mine + 1);
      let released = false;
      return {
        inTurn: (task) => inTurn(task),
        release() {
          if (released) return;
          released = true;
          taken -= 1;
          const left = (byUser.get(userId) ?? 1) - 1;
          if (left > 0) byUser.set(userId, left);
          else byUser.delete(userId);
        },
      };
    },
    /** Places taken now. */
    load: () => taken,
  };
}

export type UploadQueue = ReturnType<typeof createUploadQueue>;
