import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { createRateLimiter, type RateLimiter } from '../../lib/rate-limiter.ts';

/**
 * The budgets a write route may name in `config.writeLimit`; any other signed-in write has a budget of its own
 * under WRITES_PER_HOUR. Each counts one user's attempts per hour, refused ones too: a flood costs work either way.
 */
export type WriteLimit = 'product-writes' | 'orders';

export interface WriteLimitOptions {
  productWritesPerHour: number;
  ordersPerHour: number;
  writesPerHour: number;
}

const HOUR = 60 * 60;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const REFUSALS: Record<WriteLimit | 'writes', string> = {
  'product-writes': 'You have changed products too often this hour',
  orders: 'You have placed too many orders this hour',
  writes: 'Too many changes this hour',
};

export const isWrite = (method: string) => WRITE_METHODS.has(method);

function tooMany(what: string, retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(
    'RATE_LIMITED',
    `${what}; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

async function spend(limiter: RateLimiter, key: string, what: string): Promise<void> {
  const outcome = await limiter.hit(key);
  if (!outcome.allowed) throw tooMany(what, outcome.retryAfterSeconds);
}

/**
 * Hourly budgets for writes, counted in the database so that every process shares them: so that one account
 * cannot grow the search dictionary without end, hoard stock with a hundred orders, or flood a seller's inbox.
 */
export function createWriteLimits(db: Database, options: WriteLimitOptions) {
  const hourly = (max: number) => createRateLimiter(db, { max, windowSeconds: HOUR, keyPrefix: 'write:' });
  const limiters = {
    'product-writes': hourly(options.productWritesPerHour),
    orders: hourly(options.ordersPerHour),
    writes: hourly(options.writesPerHour),
  };

  return {
    /** Counts a signed-in write of `userId` against its route's budget; 429 with Retry-After past it. */
    async signedIn(request: FastifyRequest, userId: string): Promise<void> {
      const budget = request.routeOptions.config.writeLimit;
      // A route without a named budget has its own, so that one busy form does not block another.
      const key = budget ?? `${request.method} ${request.routeOptions.url ?? ''}`;
      await spend(limiters[budget ?? 'writes'], `${key}:${userId}`, REFUSALS[budget ?? 'writes']);
    },

    /**
     * Counts a write made before anyone is known (sign-in's own calls, a confirmation link) against the client's
     * address, whatever the path's spelling under the route.
     */
    async anonymous(request: FastifyRequest): Promise<void> {
      const route = `${request.method} ${request.routeOptions.url ?? ''}`;
      await spend(limiters.writes, `${route}:ip:${request.ip}`, REFUSALS.writes);
    },
  };
}

export type WriteLimits = ReturnType<typeof createWriteLimits>;
