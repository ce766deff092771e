import type { FastifyInstance } from 'fastify';
import { EarningsSchema, PayoutSchema, type PayoutCreate } from '@bazaar/shared/earnings';
import type { Order } from '@bazaar/shared/orders';
import { asBearer, type TestAccount } from './accounts.ts';
import { claimed, decide, moveSale } from './payment-fixtures.ts';

/** `GET /api/earnings` as `account` (an admin may name a seller): the answer, which must be 200. */
export async function earningsOf(app: FastifyInstance, account: TestAccount, query = '') {
  const response = await app.inject({
    method: 'GET',
    url: `/api/earnings${query}`,
    headers: asBearer(account),
  });
  if (response.statusCode !== 200) throw new Error(`earnings not read: ${response.body}`);
  return EarningsSchema.strict().parse(response.json());
}

export const recordPayout = (
  app: FastifyInstance,
  account: TestAccount | null,
  handle: string,
  payload: PayoutCreate | object,
) =>
  app.inject({
    method: 'POST',
    url: `/api/sellers/${handle}/payouts`,
    headers: account ? asBearer(account) : {},
    payload,
  });

/** Records a payout that must succeed. */
export async function paidOut(
  app: FastifyInstance,
  admin: TestAccount,
  handle: string,
  payout: PayoutCreate,
) {
  const response = await recordPayout(app, admin, handle, payout);
  if (response.statusCode !== 201) throw new Error(`payout refused: ${response.body}`);
  return PayoutSchema.parse(response.json());
}

/** A wallet order paid (claimed by its buyer, accepted by the admin), then shipped and delivered by `seller`. */
export async function paidAndDelivered(
  app: FastifyInstance,
  { buyer, admin, seller }: { buyer: TestAccount; admin: TestAccount; seller: TestAccount },
  order: Order,
) {
  const claimId = await claimed(app, buyer, order);
  if ((await decide(app, admin, claimId, 'accept')).statusCode !== 200) throw new Error('claim not accepted');
  await delivered(app, seller, order);
}

/** `seller` ships and delivers their part of the order, which must succeed. */
export async function delivered(app: FastifyInstance, seller: TestAccount, order: Order) {
  for (const status of ['shipped', 'delivered']) {
    const response = await moveSale(app, seller, order._id, status);
    if (response.statusCode !== 200) throw new Error(`not ${status}: ${response.body}`);
  }
}
