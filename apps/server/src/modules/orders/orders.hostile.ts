import fc from 'fast-check';
import {
  CANCEL_REASON_MAX,
  CARRIER_MAX,
  ORDER_LINES_MAX,
  ORDER_STATUSES,
  QUANTITY_MAX,
  TRACKING_NUMBER_MAX,
  TRACKING_URL_MAX,
} from '@bazaar/shared/orders';
import { orderBody } from '../../test/order-fixtures.ts';
import {
  asSegment,
  extremeNumber,
  hostileSegment,
  notEmail,
  notNumber,
  notText,
  notUuid,
  overlongText,
  SQL_PAYLOADS,
} from '../../hostile/arbitraries.ts';
import {
  badRequiredText,
  json,
  notHandle,
  pagedList,
  paging,
  poisonedBody,
  poisonedQuery,
  someoneElse,
  validPaging,
  type HostileRoute,
} from '../../hostile/hostile-entry.ts';

/** Tracking a shipment must refuse: not text, too long, a number with markup or quotes, a link not https. */
const trackingPoisons = {
  carrier: fc.oneof(notText, overlongText(CARRIER_MAX)),
  trackingNumber: fc.oneof(
    notText,
    overlongText(TRACKING_NUMBER_MAX),
    fc.constantFrom('<b>1</b>', 'AB/12', 'AB_12', ...SQL_PAYLOADS),
  ),
  trackingUrl: fc.oneof(
    notText,
    fc.constantFrom(
      'http://track.example/1',
      'javascript:alert(1)',
      'data:text/html,hi',
      'track.example/1',
      'not a link',
      `https://track.example/${'x'.repeat(TRACKING_URL_MAX)}`,
      ...SQL_PAYLOADS,
    ),
  ),
};

/** Text that names no order status. */
const notStatus = fc.constantFrom('refunded', 'CANCELLED', 'Shipped', '', ' shipped', ...SQL_PAYLOADS);

export const hostileRoutes: HostileRoute[] = [
  {
    route: 'POST /api/orders',
    callers: ['anonymous', 'owner'],
    requests: (scene) => {
      const valid = orderBody([scene.productId]);
      const line = (fields: object) => [{ productId: scene.productId, quantity: 1, ...fields }];
      return fc.oneof(
        poisonedBody(valid, {
          name: badRequiredText(100),
          email: fc.oneof(notText, notEmail),
          phone: fc.oneof(badRequiredText(30), fc.constantFrom('call me', ...SQL_PAYLOADS)),
          address: badRequiredText(500),
          paymentMethod: fc.oneof(notText, fc.constantFrom('bitcoin', 'BKASH', '', ...SQL_PAYLOADS)),
          products: fc.oneof(
            fc.constantFrom([], 'all of them', 42, null, [null], [SQL_PAYLOADS[0]]),
            notUuid.map((productId) => line({ productId })),
            fc.uuid().map((productId) => line({ productId })),
            fc
              .oneof(notNumber, extremeNumber, fc.constantFrom(0, QUANTITY_MAX + 1))
              .map((quantity) => line({ quantity })),
            fc.constant([...line({}), ...line({})]),
            fc.constant([{ quantity: 1 }]),
            fc
              .array(fc.uuid(), { minLength: ORDER_LINES_MAX + 1, maxLength: ORDER_LINES_MAX + 5 })
              .map((ids) => ids.map((productId) => ({ productId, quantity: 1 }))),
          ),
        }).map(json('POST', '/api/orders')),
        overlongText(200)
          .filter((key) => !/[^\x20-\xff]/.test(key))
          .map((key) => ({
            method: 'POST' as const,
            url: '/api/orders',
            headers: { 'idempotency-key': key },
            payload: valid,
          })),
      );
    },
  },
  pagedList('/api/orders'),
  {
    route: 'GET /api/orders/:email',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene, caller) =>
      fc
        .oneof(notEmail, hostileSegment, fc.constant(someoneElse(scene, caller)))
        .map((email) => ({ method: 'GET', url: `/api/orders/${asSegment(email)}` })),
  },
  {
    route: 'GET /api/orders/by-number/:number',
    callers: ['anonymous', 'owner', 'stranger'],
    // The owner sold the scene's order and the stranger bought it: no caller here is refused it.
    requests: (scene) =>
      fc
        .oneof(
          hostileSegment,
          // After the prefix, anything but the digits of an order that exists.
          fc
            .oneof(fc.string(), fc.double({ noInteger: true }), fc.integer({ max: 0 }))
            .map((tail) => `BZ-${String(tail)}`)
            .filter((number) => !/^BZ-[1-9]\d*$/i.test(number)),
          fc.constantFrom('BZ-0', 'BZ-1234567890123456', 'bz--1', 'BZ 10001', `${scene.orderNumber}0`),
        )
        .map((number) => ({ method: 'GET', url: `/api/orders/by-number/${asSegment(number)}` })),
  },
  {
    route: 'GET /api/sales',
    callers: ['anonymous', 'owner'],
    requests: () =>
      poisonedQuery(
        '/api/sales',
        { customer: 'some-buyer', status: 'shipped', ...validPaging },
        { customer: notHandle, status: notStatus, ...paging },
      ),
  },
  {
    route: 'PATCH /api/sales/:orderId/status',
    callers: ['anonymous', 'owner', 'stranger'],
    // The owner sells the scene's processing order: shipping or cancelling it would be allowed.
    requests: (scene, caller) =>
      fc.oneof(
        poisonedBody(
          { status: 'delivered' },
          {
            status: fc.oneof(notText, notStatus, fc.constantFrom('processing', 'delivered')),
            // With a move that is no cancellation, even a fine reason is refused.
            reason: fc.oneof(notText, overlongText(CANCEL_REASON_MAX), fc.constantFrom('', '  ', 'Sold out')),
            ...trackingPoisons,
          },
        ).map(json('PATCH', `/api/sales/${scene.orderId}/status`)),
        fc.tuple(hostileSegment, fc.constantFrom(...ORDER_STATUSES)).map(([id, status]) => ({
          method: 'PATCH' as const,
          url: `/api/sales/${asSegment(id)}/status`,
          payload: { status },
        })),
        // Someone who sold nothing in the order moves none of it, whatever the move.
        ...(caller === 'owner'
          ? []
          : [
              fc.constantFrom(...ORDER_STATUSES).map((status) => ({
                method: 'PATCH' as const,
                url: `/api/sales/${scene.orderId}/status`,
                payload: { status },
              })),
            ]),
      ),
  },
  {
    route: 'PATCH /api/sales/:orderId/shipment',
    callers: ['anonymous', 'owner', 'stranger'],
    // The scene's order is processing: nothing of it is shipped, so even fine tracking is refused.
    requests: (scene, caller) =>
      fc.oneof(
        poisonedBody({ carrier: 'RedX', trackingNumber: 'RX123' }, trackingPoisons).map(
          json('PATCH', `/api/sales/${scene.orderId}/shipment`),
        ),
        hostileSegment.map((id) => ({
          method: 'PATCH' as const,
          url: `/api/sales/${asSegment(id)}/shipment`,
          payload: { trackingNumber: 'RX123' },
        })),
        fc.constant({
          method: 'PATCH' as const,
          url: `/api/sales/${scene.orderId}/shipment`,
          payload: caller === 'owner' ? { carrier: 'RedX' } : { trackingNumber: 'RX123' },
        }),
      ),
  },
  {
    route: 'DELETE /api/sales/:orderId/shipment',
    callers: ['anonymous', 'owner', 'stranger'],
    // Nothing of the scene's order is shipped: there is no shipment to take back, for anyone.
    requests: (scene) =>
      fc.oneof(
        hostileSegment.map((id) => ({
          method: 'DELETE' as const,
          url: `/api/sales/${asSegment(id)}/shipment`,
        })),
        fc.constant({ method: 'DELETE' as const, url: `/api/sales/${scene.orderId}/shipment` }),
      ),
  },
  {
    route: 'PATCH /api/orders/:id/status',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene) =>
      fc.oneof(
        poisonedBody(
          { status: 'cancelled' },
          {
            status: fc.oneof(notText, notStatus, fc.constantFrom('shipped', 'delivered')),
          },
        ).map(json('PATCH', `/api/orders/${scene.orderId}/status`)),
        fc.tuple(hostileSegment, fc.constant({ status: 'cancelled' })).map(([id, payload]) => ({
          method: 'PATCH' as const,
          url: `/api/orders/${asSegment(id)}/status`,
          payload,
        })),
      ),
  },
];
