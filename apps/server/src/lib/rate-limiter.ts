import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

export interface RateLimitOptions {
  max: number;
  windowSeconds: number;
  /**
   * Put before every key of this limiter: its prune then forgets only its own counters, not those of a limiter
   * with a longer window on the same table (the hourly account-mail cap beside the minute of sign-ins).
   */
  keyPrefix?: string;
}

/**
 * Fixed-window counters in the database, so that every server process on one database shares them.
 * One upsert per hit: the window restarts when the stored one has passed.
 */
export function createRateLimiter(db: Database, options: RateLimitOptions) {
  const window = sql`make_interval(secs => ${options.windowSeconds})`;
  const prefix = options.keyPrefix ?? '';
  let lastPrune = Date.now();

  /** Forgets windows that have passed, so the table holds only live counters. */
  async function prune(): Promise<void> {
    const passed = lt(rateLimits.windowStart, sql`now() - ${window}`);
    const own = sql`left(${rateLimits.key}, ${prefix.length}) = ${prefix}`;
    await db.delete(rateLimits).where(prefix ? and(passed, own) : passed);
  }

  return {
    /** The limit of `hit` unless a call names another. */
    max: options.max,

    /** Counts one attempt under `key`; answers how long to wait if it goes over `max`. */
    async hit(
      key: string,
      max = options.max,
    ): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
      // Every key ever tried (each address, each e-mail) leaves a row; clear the dead ones once per window.
      if (Date.now() - lastPrune >= options.windowSeconds * 1000) {
        lastPrune = Date.now();
        await prune();
      }
      const expired = sql`${rateLimits.windowStart} <= now() - ${window}`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key: prefix + key, count: 1, windowStart: sql`now()` })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
          },
        })
        .returning({
          count: rateLimits.count,
          secondsLeft: sql<number>`ceil(extract(epoch from ${rateLimits.windowStart} + ${window} - now()))::int`,
        });
      if (!row || row.count <= max) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, row.secondsLeft) };
    },

    /** Gives back an attempt counted under `key` in the live window (one that turned out harmless). */
    async refund(key: string): Promise<void> {
      await db
        .update(rateLimits)
        .set({ count: sql`${rateLimits.count} - 1` })
        .where(
          and(
            eq(rateLimits.key, prefix + key),
            gt(rateLimits.count, 0),
            gt(rateLimits.windowStart, sql`now() - ${window}`),
          ),
        );
    },

    prune,
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
