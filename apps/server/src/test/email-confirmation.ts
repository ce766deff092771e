import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { TEST_ORIGIN } from './accounts.ts';
import { latestMail } from './outbox.ts';

/** The token of the confirmation link last mailed to `email`, read from the link as the page reads it. */
export async function confirmationToken(db: Database, email: string): Promise<string> {
  const link = (await latestMail(db, email, 'verify-email'))?.link;
  const token = link?.searchParams.get('token');
  if (!link || link.pathname !== '/email-verified' || !token) {
    throw new Error(`no confirmation link was mailed to ${email}: ${link?.href}`);
  }
  return token;
}

/** Confirms an address as its page does: the link's token with the registered password, or a new one. */
export const confirmEmail = (
  app: FastifyInstance,
  body: { token: string; password: string } | { token: string; newPassword: string },
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/account/confirm-email',
    headers: { origin: TEST_ORIGIN, ...headers },
    payload: body,
  });
