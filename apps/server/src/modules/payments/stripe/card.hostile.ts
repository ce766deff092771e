import fc from 'fast-check';
import Stripe from 'stripe';
import {
  asSegment,
  hostileSegment,
  hostileText,
  notText,
  unreadableBody,
} from '../../../hostile/arbitraries.ts';
import { json, poisonedBody, type HostileRoute } from '../../../hostile/hostile-entry.ts';
import { STAND_IN_WEBHOOK_SECRET } from '../../../test/stripe-stand-in.ts';

const signer = new Stripe('sk_test_hostile').webhooks;

/** A checkout.session.completed event paying the scene's order, as Stripe would send it. */
const paidEvent = (orderId: string) =>
  JSON.stringify({
    id: 'evt_test_hostile',
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_test_hostile',
        object: 'checkout.session',
        payment_status: 'paid',
        payment_intent: 'pi_test_hostile',
        amount_total: 1,
        currency: 'usd',
        metadata: { orderId },
      },
    },
  });

/** Signatures that do not sign the body: forged, of another secret, too old, or not a signature at all. */
const badSignature = (payload: string) =>
  fc.oneof(
    fc.constantFrom('', 't=1,v1=0', 'v1=abc', 't=abc,v1=abc', ',,,', 't=1700000000,v1='),
    hostileText,
    fc.constant(signer.generateTestHeaderString({ payload, secret: 'whsec_someoneelse' })),
    fc.integer({ min: 301, max: 10_000_000 }).map((age) =>
      signer.generateTestHeaderString({
        payload,
        secret: STAND_IN_WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - age,
      }),
    ),
  );

export const hostileRoutes: HostileRoute[] = [
  {
    route: 'POST /api/orders/:id/payments/card',
    // The stranger's order is paid in cash: refused (409) before Stripe is asked; the owner is not its buyer (403).
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene) =>
      fc.oneof(
        fc.constant({ method: 'POST' as const, url: `/api/orders/${scene.orderId}/payments/card` }),
        hostileSegment.map((id) => ({
          method: 'POST' as const,
          url: `/api/orders/${asSegment(id)}/payments/card`,
        })),
      ),
  },
  {
    route: 'POST /api/orders/:id/payments/card/return',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene) =>
      fc.oneof(
        poisonedBody(
          { sessionId: 'cs_test_a1' },
          {
            sessionId: fc.oneof(
              notText,
              hostileText,
              fc.constantFrom('', 'pi_123', 'cs_', 'cs_a/b', `cs_${'a'.repeat(251)}`),
            ),
          },
        ).map(json('POST', `/api/orders/${scene.orderId}/payments/card/return`)),
        fc.constant({
          method: 'POST' as const,
          url: `/api/orders/${scene.orderId}/payments/card/return`,
          payload: { sessionId: 'cs_test_a1' },
        }),
        hostileSegment.map((id) => ({
          method: 'POST' as const,
          url: `/api/orders/${asSegment(id)}/payments/card/return`,
          payload: { sessionId: 'cs_test_a1' },
        })),
      ),
  },
  {
    route: 'POST /api/payments/stripe/webhook',
    // Stripe calls it, signed: whoever else calls, whatever they send, it is refused (400) before anything is read.
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene) => {
      const payload = paidEvent(scene.orderId);
      return fc.oneof(
        badSignature(payload).map((signature) => ({
          method: 'POST' as const,
          url: '/api/payments/stripe/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        })),
        unreadableBody(JSON.parse(payload) as object).map((body) => ({
          method: 'POST' as const,
          url: '/api/payments/stripe/webhook',
          ...body,
        })),
        fc.constant({ method: 'POST' as const, url: '/api/payments/stripe/webhook', payload }),
      );
    },
  },
];
