import { expect, type APIRequestContext } from '@playwright/test';
import { shopOrigin } from './auth.ts';

/**
 * The buyer says they sent `amount` dollars for the order by bKash, as its page's form does; answers the claim's
 * `_id`.
 */
export async function claimViaApi(
  request: APIRequestContext,
  orderId: string,
  {
    amount,
    transactionId,
    sender = '01712-345678',
  }: { amount: number; transactionId: string; sender?: string },
): Promise<string> {
  const response = await request.post(`/api/orders/${orderId}/payments`, {
    data: { method: 'bkash', sender, transactionId, amount },
    headers: { origin: shopOrigin() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { _id: string })._id;
}

/** An admin's decision on a claim, as the Payments page makes it. */
export async function decideViaApi(
  request: APIRequestContext,
  claimId: string,
  decision: 'accept' | 'reject',
  reason?: string,
): Promise<void> {
  const response = await request.post(`/api/payments/${claimId}/${decision}`, {
    data: decision === 'reject' ? { reason } : {},
    headers: { origin: shopOrigin() },
  });
  expect(response.ok(), await response.text()).toBe(true);
}
