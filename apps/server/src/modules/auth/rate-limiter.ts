import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';

export interface RateLimitOptions {
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in the database, so that every server process on one database shares them.
 * One upsert per hit: the window restarts when the stored one has passed.
 */
export function createRateLimiter(db: Database, options: RateLimitOptions) {
  const window = sql`make_interval(secs => ${options.windowSeconds})`;
  let lastPrune = Date.now();

  /** Forgets windows that have passed, so the table holds only live counters. */
  async function prune(): Promise<void> {
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, sql`now() - ${window}`));
  }

  return {
    /** Counts one attempt under `key`; answers how long to wait if it goes over the limit. */
    async hit(key: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
      // Every key ever tried (each address, each e-mail) leaves a row; clear the dead ones once per window.
      if (Date.now() - lastPrune >= options.windowSeconds * 1000) {
        lastPrune = Date.now();
        await prune();
      }
      const expired = sql`${rateLimits.windowStart} <= now() - ${window}`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, windowStart: sql`now()` })
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
      if (!row || row.count <= options.max) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, row.secondsLeft) };
    },

    prune,
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
