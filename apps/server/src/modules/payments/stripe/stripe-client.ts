import Stripe from 'stripe';
import type { Env } from '../../../config/env.ts';

export type StripeSettings = NonNullable<Env['STRIPE']>;

/**
 * The Stripe SDK's client, sending its calls to Stripe or to `STRIPE_API_URL` (stripe-mock, the tests' stand-in).
 * It retries a call that did not get through twice, with the same idempotency key.
 */
export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...settings.api,
  });
}

/** Whether Stripe answered and refused (a 4xx other than 429): asking again the same would be refused again. */
export const stripeRefused = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError &&
  error.statusCode !== undefined &&
  error.statusCode >= 400 &&
  error.statusCode < 500 &&
  error.statusCode !== 429;

/** The id of an object Stripe names by id or gives expanded. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;
