import type { Request } from 'autocannon';
import type { LoadResult } from './load.ts';
import { signUp, USERS } from './orders.ts';

export const ORDER_READS_REQUEST = `GET /api/orders?limit=20 signed in (${USERS} new shoppers' bearer tokens in turn)`;

/**
 * The signed-in read: what every signed-in request pays for its session check, on a route whose own work is
 * small (a new shopper's empty order list). Any answer but 200 counts as non-2xx.
 */
export async function loadOrderReads(
  shopUrl: string,
  load: (requests: Request[]) => Promise<LoadResult>,
): Promise<LoadResult> {
  const run = Date.now().toString(36);
  const shoppers = await Promise.all(
    Array.from({ length: USERS }, (_, i) => signUp(shopUrl, `bench-read-${run}-${i}@bazaar.test`)),
  );
  let next = 0;
  return load([
    {
      path: '/api/orders?limit=20',
      setupRequest: (request) => ({
        ...request,
        headers: { authorization: `Bearer ${shoppers[next++ % shoppers.length]?.token ?? ''}` },
      }),
    },
  ]);
}
